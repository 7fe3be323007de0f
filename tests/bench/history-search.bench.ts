/**
 * npm run bench:history — chat history search figures (docs/agents.md "Figures").
 *
 * 1. Server: 10,000 messages in 200 chats of one space (plus 2,000 in another space that must
 *    never match), the real search service (searchHistory: stored tsvector + GIN, English
 *    stemming, snippets), p50/p95 over the query mix below; on PGlite, and on PostgreSQL when
 *    reachable (a fresh database, dropped after).
 * 2. Offline: the same 10,000 messages in the app's Dexie database (fake-indexeddb in Node; the
 *    `words` index filled by the database's own hooks), the app's searchSavedChats, p50/p95.
 *
 * Env: BENCH_HISTORY_MESSAGES (10000), BENCH_HISTORY_ROUNDS (10), BENCH_PG_ADMIN_URL (default
 * postgres://postgres:postgres@127.0.0.1:5432/postgres; unreachable → PostgreSQL skipped).
 */
import 'fake-indexeddb/auto';
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { openDatabase, type DatabaseTarget } from '../../server/src/db/database';
import { chatMessages, chatSessions, organizations, spaces, users } from '../../server/src/db/schema/index';
import { searchHistory } from '../../server/src/services/agents/history-search.service';
import { db as deviceDb } from '../../src/db';
import { searchSavedChats } from '../../src/features/agents/history/offline-search';

const MESSAGES = Number(process.env.BENCH_HISTORY_MESSAGES ?? 10_000);
const ROUNDS = Number(process.env.BENCH_HISTORY_ROUNDS ?? 10);
const PER_CHAT = 50;
const PG_ADMIN_URL = process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres:postgres@127.0.0.1:5432/postgres';

const VOCABULARY = (
  'campaign audience brand voice newsletter launch budget channel organic search keyword landing page conversion ' +
  'retention churn pricing offer discount workshop bakery coffee houseplants terracotta sourdough lisbon instagram ' +
  'tiktok linkedin email subject preview headline tagline persona segment funnel awareness consideration loyalty ' +
  'referral partnership influencer content calendar blog video podcast webinar survey review testimonial analytics ' +
  'sessions bounce engagement revenue margin forecast quarter roadmap priority experiment variant test hypothesis'
).split(' ');

/** A deterministic pseudo-random stream, so every run searches the same corpus. */
function rng(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

/**
 * Chat text stand-in: words drawn with Zipf's law (frequency ∝ 1/rank, as in natural language) from
 * the marketing words above (the most frequent ranks) followed by 5,000 generated words, so a
 * common word ("campaign") is in a good share of messages and a rare one in a few.
 */
function corpus(count: number, seed: number): { title: string; messages: string[] }[] {
  const next = rng(seed);
  const syllables = ['ka', 'lo', 'mi', 'ne', 'ru', 'sa', 'ti', 'vo', 'be', 'da', 'fi', 'go', 'pu', 'ze'];
  const generated = Array.from({ length: 5_000 }, (_, i) => syllables[i % 14]! + syllables[Math.floor(i / 14) % 14]! + syllables[Math.floor(i / 196) % 14]! + (i >= 2_744 ? 'x' : ''));
  const words = [...VOCABULARY, ...generated];
  const harmonic = words.reduce((sum, _, rank) => sum + 1 / (rank + 1), 0);
  const cumulative: number[] = [];
  words.reduce((sum, _, rank) => (cumulative.push(sum + 1 / (rank + 1) / harmonic), sum + 1 / (rank + 1) / harmonic), 0);
  const word = () => {
    const r = next();
    let low = 0;
    let high = cumulative.length - 1;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (cumulative[mid]! < r) low = mid + 1;
      else high = mid;
    }
    return words[low]!;
  };
  const sentence = (length: number) => Array.from({ length }, word).join(' ');
  const chats: { title: string; messages: string[] }[] = [];
  for (let i = 0; i < count / PER_CHAT; i += 1) {
    chats.push({ title: `${sentence(4)} ${i}`, messages: Array.from({ length: PER_CHAT }, (_, n) => `${sentence(n % 2 === 0 ? 18 : 90)}.`) });
  }
  return chats;
}

/** Words in a good share of the messages (ranks 1–12 of the Zipf draw), as typed: whole, two words, prefixes. */
const COMMON = ['campaign', 'brand voice', 'audi', 'newsletter launch', 'organic'];
/** Words in a few messages (ranks 40–90) and combinations of them. */
const RARE = ['terracotta', 'sourdough lisbon', 'webinar', 'churn forecast', 'influ', 'revenue margin quarter'];

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

async function measureSet(queries: string[], run: (query: string) => Promise<unknown>): Promise<string> {
  for (const query of queries) await run(query); // warm-up
  const times: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const query of queries) {
      const started = performance.now();
      await run(query);
      times.push(performance.now() - started);
    }
  }
  times.sort((a, b) => a - b);
  return `p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms, max ${times.at(-1)!.toFixed(1)} ms (${times.length} searches)`;
}

async function measure(run: (query: string) => Promise<unknown>): Promise<string> {
  return `rare words ${await measureSet(RARE, run)}; common words ${await measureSet(COMMON, run)}`;
}

async function benchServer(label: string, target: DatabaseTarget): Promise<void> {
  const database = await openDatabase(target);
  if (target.kind === 'postgres') (database.db as unknown as { $client: pg.Pool }).$client.on('error', () => {});
  try {
    await database.migrate();
    const [org] = await database.db.insert(organizations).values({ name: 'Bench Co' }).returning();
    const [user] = await database.db.insert(users).values({ email: 'bench@bench.test', name: 'Bench', passwordHash: 'x', role: 'org_owner', orgId: org!.id }).returning();
    const seed = async (slug: string, count: number, corpusSeed: number) => {
      const [space] = await database.db.insert(spaces).values({ orgId: org!.id, name: slug, slug, isDefault: false }).returning();
      for (const chat of corpus(count, corpusSeed)) {
        const [session] = await database.db
          .insert(chatSessions)
          .values({ orgId: org!.id, spaceId: space!.id, userId: user!.id, agentSlug: 'seo', title: chat.title })
          .returning({ id: chatSessions.id });
        await database.db.insert(chatMessages).values(
          chat.messages.map((content, n) => ({ sessionId: session!.id, spaceId: space!.id, role: n % 2 === 0 ? ('user' as const) : ('assistant' as const), content })),
        );
      }
      return space!.id;
    };
    const spaceId = await seed('bench', MESSAGES, 7);
    await seed('other', Math.round(MESSAGES / 5), 11);
    await database.db.execute('ANALYZE');
    const figure = await measure((query) => searchHistory(database.db, spaceId, { query, limit: 20 }));
    console.log(`server, ${label}, ${MESSAGES.toLocaleString('en-GB')} messages: ${figure}`);
  } finally {
    await database.close();
  }
}

async function benchDevice(): Promise<void> {
  await deviceDb.open();
  const spaceId = 'bench-space';
  const chats = corpus(MESSAGES, 7);
  const createdAt = (i: number) => new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString();
  await deviceDb.sessions.bulkPut(chats.map((chat, i) => ({ id: `s${i}`, spaceId, agentSlug: 'seo', title: chat.title, createdAt: createdAt(i), updatedAt: createdAt(i) })));
  const started = performance.now();
  for (const [i, chat] of chats.entries()) {
    await deviceDb.messages.bulkPut(
      chat.messages.map((content, n) => ({
        id: `m${i}-${n}`,
        spaceId,
        sessionId: `s${i}`,
        role: n % 2 === 0 ? ('user' as const) : ('assistant' as const),
        content,
        createdAt: createdAt(i * PER_CHAT + n),
        rating: null,
        feedbackCategories: [],
        feedbackText: null,
        pending: false,
      })),
    );
  }
  const saved = performance.now() - started;
  const figure = await measure((query) => searchSavedChats(spaceId, query));
  console.log(`device (Dexie on fake-indexeddb), ${MESSAGES.toLocaleString('en-GB')} messages: ${figure}; writing them with their words took ${(saved / 1000).toFixed(1)} s`);
  deviceDb.close();
}

async function main(): Promise<void> {
  await benchServer('PGlite', { kind: 'pglite' });
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL, connectionTimeoutMillis: 3000 });
  if (await admin.connect().then(() => true, () => false)) {
    const name = `mosaic_history_bench_${randomBytes(4).toString('hex')}`;
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(PG_ADMIN_URL);
    url.pathname = `/${name}`;
    try {
      const version = (await admin.query('SHOW server_version')).rows[0].server_version;
      await benchServer(`PostgreSQL ${version}`, { kind: 'postgres', url: url.toString() });
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  } else {
    console.log('PostgreSQL not reachable at BENCH_PG_ADMIN_URL: skipped.');
  }
  await benchDevice();
}

await main();
