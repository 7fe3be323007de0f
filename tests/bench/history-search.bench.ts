/**
 * npm run bench:history — chat history search figures (docs/agents.md "Figures").
 *
 * 1. Server: 10,000 messages in 200 chats of one space (plus 2,000 in another space that must
 *    never match), the real search service (searchHistory: stored tsvector + GIN, English
 *    stemming, snippets), p50/p95 over the query mix below; on PGlite, and on PostgreSQL when
 *    reachable (a fresh database, dropped after).
 * 2. Offline: the same 10,000 messages in the app's Dexie database (the `words` index filled by
 *    the database's own hooks), the app's searchSavedChats, p50/p95: in Node on fake-indexeddb,
 *    then in Chromium, the real target (history-search-browser.ts).
 *
 * The corpus and the query mix are in history-corpus.ts.
 *
 * Env: BENCH_HISTORY_MESSAGES (10000), BENCH_HISTORY_ROUNDS (10), BENCH_PG_ADMIN_URL (default
 * postgres://postgres:postgres@127.0.0.1:5432/postgres; unreachable → PostgreSQL skipped),
 * BENCH_HISTORY_SERVER=0 skips the server part, BENCH_HISTORY_CHROMIUM=0 Chromium (CHROMIUM_PATH,
 * default /usr/bin/chromium).
 */
import 'fake-indexeddb/auto';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type DatabaseTarget } from '../../server/src/db/database';
import { chatMessages, chatSessions, organizations, spaces, users } from '../../server/src/db/schema/index';
import { searchHistory } from '../../server/src/services/agents/history-search.service';
import { db as deviceDb } from '../../src/db';
import { COMMON, RARE, corpus, summarise, timeSearches } from './history-corpus';
import { fillDevice, timeDeviceSearches } from './history-device';
import { benchChromium } from './history-search-browser';

const MESSAGES = Number(process.env.BENCH_HISTORY_MESSAGES ?? 10_000);
const ROUNDS = Number(process.env.BENCH_HISTORY_ROUNDS ?? 10);
const PG_ADMIN_URL = process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres:postgres@127.0.0.1:5432/postgres';

async function measure(run: (query: string) => Promise<unknown>): Promise<string> {
  return `rare words ${summarise(await timeSearches(RARE, ROUNDS, run))}; common words ${summarise(await timeSearches(COMMON, ROUNDS, run))}`;
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
  const savedMs = await fillDevice(MESSAGES);
  const times = await timeDeviceSearches(ROUNDS);
  console.log(
    `device (Dexie on fake-indexeddb), ${MESSAGES.toLocaleString('en-GB')} messages: rare words ${summarise(times.rare)}; ` +
      `common words ${summarise(times.common)}; writing them with their words took ${(savedMs / 1000).toFixed(1)} s`,
  );
  deviceDb.close();
}

async function benchServers(): Promise<void> {
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
}

async function main(): Promise<void> {
  if (process.env.BENCH_HISTORY_SERVER !== '0') await benchServers();
  await benchDevice();
  if (process.env.BENCH_HISTORY_CHROMIUM !== '0') await benchChromium(MESSAGES, ROUNDS);
}

await main();
