/**
 * Hybrid (full-text + vector) knowledge search, with the fake OpenAI-compatible embedding endpoint
 * (tests/helpers/fake-openai.ts: a hashed bag of meanings, so synonyms are near).
 *
 * PGlite always has pgvector (@electric-sql/pglite-pgvector). This machine's PostgreSQL 15 has no
 * pgvector package, so on PostgreSQL the hybrid-only tests are skipped and the fallback tests run
 * instead (the server must notice the missing extension and stay on full-text).
 */
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { FAKE_EMBEDDING_SYNONYMS, startFakeOpenAi, type FakeOpenAi } from '../helpers/fake-openai';
import { registerOwner } from '../helpers/server';
import { TEST_DATABASE_URL, openTestDatabase } from '../helpers/server-database';
import { startedForSuite, preparedForSuite } from '../helpers/suite-fixtures';
import { MIME } from './kb-fixtures';
import { createKbTestApp, search, uploadFile, waitForProcessed, type Caller, type KbTestApp } from './kb-helpers';

async function postgresHasPgvector(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const result = await client.query(`SELECT 1 FROM pg_available_extensions WHERE name = 'vector'`);
    return result.rowCount === 1;
  } finally {
    await client.end();
  }
}

const pgvectorAvailable = TEST_DATABASE_URL ? await postgresHasPgvector(TEST_DATABASE_URL) : true;
const HYBRID_SKIP_REASON = 'this PostgreSQL has no pgvector extension: hybrid-only assertions run on PGlite (the fallback is tested here)';
if (!pgvectorAvailable) console.info(`kb-hybrid: ${HYBRID_SKIP_REASON}`);

const EARNINGS = { filename: 'Quarterly report.txt', text: 'Quarterly earnings grew eleven percent in the northern region after the spring loyalty programme.' };
const SHOPPERS = { filename: 'Store design.txt', text: 'Our shoppers prefer wide aisles and bright lighting in flagship stores.' };
const RADIO = { filename: 'Radio plan.txt', text: 'The radio advertisement airs every morning during the commute slot.' };

// The test's premise, checked rather than assumed: the query word is absent from the passage but
// a synonym in the fake model's table.
expect(FAKE_EMBEDDING_SYNONYMS.some((group) => group.includes('income') && group.includes('earnings'))).toBe(true);
expect(EARNINGS.text.toLowerCase()).not.toContain('income');

interface SearchBody {
  query: string;
  contexts: { passage: string; document_id: string; filename: string; score: number; highlights: string[] }[];
}

function embeddingEnv(model: FakeOpenAi): Record<string, string> {
  return {
    EMBEDDING_PROVIDER: 'openai-compatible',
    EMBEDDING_MODEL: 'fake-embed-1',
    OPENAI_COMPATIBLE_BASE_URL: model.baseUrl,
    // The keyword classifier files documents: these tests are about search.
    LLM_PROVIDER: 'offline',
  };
}

async function upload(t: KbTestApp, caller: Caller, file: { filename: string; text: string }) {
  const { commit } = await uploadFile(t.app, caller, { filename: file.filename, contentType: MIME.txt, bytes: Buffer.from(file.text) });
  expect(commit.statusCode).toBe(201);
  const document = await waitForProcessed(t.app, caller, commit.json<{ id: string }>().id);
  expect(document.status).toBe('ready');
  return document;
}

async function searchBody(t: KbTestApp, caller: Caller, query: string, extra: Record<string, string> = {}): Promise<SearchBody> {
  const response = await search(t.app, caller, query, extra);
  expect(response.statusCode).toBe(200);
  return response.json<SearchBody>();
}

async function signIn(t: KbTestApp): Promise<Caller> {
  const owner = await registerOwner(t.app);
  return { token: owner.access_token, spaceId: owner.defaultSpace.id };
}

const warnings = (t: KbTestApp) =>
  t.logs.map((line) => JSON.parse(line) as { level: number; msg: string }).filter((line) => line.level === 40).map((line) => line.msg);

describe.skipIf(!pgvectorAvailable)('hybrid search with an embedding provider and pgvector', () => {
  const model = startedForSuite(() => startFakeOpenAi());
  const t = startedForSuite(() => createKbTestApp({ env: embeddingEnv(model) }));
  const caller = preparedForSuite(() => signIn(t));
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    for (const file of [EARNINGS, SHOPPERS, RADIO]) ids[file.filename] = (await upload(t, caller, file)).id;
  });

  it('embeds every passage with the configured model while processing', () => {
    const embedded = model.embeddingRequests.flatMap((request) => request.input);
    expect(embedded).toEqual(expect.arrayContaining([EARNINGS.text, SHOPPERS.text, RADIO.text]));
    expect(new Set(model.embeddingRequests.map((request) => request.model))).toEqual(new Set(['fake-embed-1']));
  });

  it('finds by meaning a passage that shares no word with the query, without highlights', async () => {
    const body = await searchBody(t, caller, 'income');
    expect(body.contexts.map((context) => context.filename)).toEqual([EARNINGS.filename]);
    expect(body.contexts[0]).toMatchObject({ passage: EARNINGS.text, document_id: ids[EARNINGS.filename], highlights: [] });
    expect(body.contexts[0]!.score).toBeGreaterThan(0);
    expect(model.embeddingRequests.at(-1)!.input).toEqual(['income']);

    const clients = await searchBody(t, caller, 'What do our clients like?');
    expect(clients.contexts[0]!.filename).toBe(SHOPPERS.filename);
  });

  it('keeps literal matches first, with their highlighted terms', async () => {
    const body = await searchBody(t, caller, 'radio advertisement');
    expect(body.contexts[0]).toMatchObject({ filename: RADIO.filename, highlights: ['radio', 'advertisement'] });
    // Found by both lists, it outranks anything found by one.
    expect(body.contexts.slice(1).every((context) => context.score < body.contexts[0]!.score)).toBe(true);
  });

  it('ranks a passage found by both lists above one found by meaning alone', async () => {
    // "earnings" matches the report literally; "commercial" is near the radio advertisement only by meaning.
    const body = await searchBody(t, caller, 'earnings commercial', { k: '2' });
    expect(body.contexts).toHaveLength(2);
    expect(body.contexts.map((context) => context.filename).sort()).toEqual([EARNINGS.filename, RADIO.filename].sort());
    const radio = body.contexts.find((context) => context.filename === RADIO.filename)!;
    expect(radio.highlights).toEqual([]);
  });

  it('restricts the vector side to document_ids too', async () => {
    const body = await searchBody(t, caller, 'income', { document_ids: ids[SHOPPERS.filename]! });
    expect(body.contexts).toEqual([]);
    const allowed = await searchBody(t, caller, 'income', { document_ids: `${ids[SHOPPERS.filename]},${ids[EARNINGS.filename]}` });
    expect(allowed.contexts.map((context) => context.filename)).toEqual([EARNINGS.filename]);
  });

  it("never returns another space's passages", async () => {
    const stranger = await signIn(t);
    expect((await searchBody(t, stranger, 'income')).contexts).toEqual([]);
  });

  it('forgets the vectors of a deleted document', async () => {
    const extra = await upload(t, caller, { filename: 'Budget notes.txt', text: 'Affordable venues for the summer launch party.' });
    expect((await searchBody(t, caller, 'cheap')).contexts.map((context) => context.filename)).toEqual(['Budget notes.txt']);
    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/v1/kb/documents/${extra.id}`, headers: { authorization: `Bearer ${caller.token}`, 'x-space-id': caller.spaceId } });
    expect(deleted.statusCode).toBe(204);
    expect((await searchBody(t, caller, 'cheap')).contexts).toEqual([]);
  });
});

describe.skipIf(!pgvectorAvailable)('hybrid search when the embedding provider fails', () => {
  const model = startedForSuite(() => startFakeOpenAi({ embeddingsFailWith: 503 }));
  const t = startedForSuite(() => createKbTestApp({ env: embeddingEnv(model), captureLogs: true }));
  const caller = preparedForSuite(() => signIn(t));

  it('still processes documents and answers searches by full text, with a warning', async () => {
    const document = await upload(t, caller, EARNINGS);
    expect(document.passage_count).toBe(1);
    expect(model.embeddingRequests.length).toBeGreaterThan(0);
    const literal = await searchBody(t, caller, 'earnings');
    expect(literal.contexts).toMatchObject([{ filename: EARNINGS.filename, highlights: ['earnings'] }]);
    expect((await searchBody(t, caller, 'income')).contexts).toEqual([]);
    const logged = warnings(t);
    expect(logged.some((message) => message.includes('embedding the passages of "Quarterly report.txt" failed'))).toBe(true);
    expect(logged.some((message) => message.includes('embedding the search query failed'))).toBe(true);
  });
});

describe.skipIf(!pgvectorAvailable)('documents processed before embeddings were configured', () => {
  it('are found by full text, and documents processed after by meaning too', async () => {
    const model = await startFakeOpenAi();
    const shared = await openTestDatabase();
    try {
      const before = await createKbTestApp({ database: shared.database, env: { LLM_PROVIDER: 'offline' } });
      const caller = await signIn(before);
      await upload(before, caller, EARNINGS);
      await before.close();

      const after = await createKbTestApp({ database: shared.database, env: embeddingEnv(model) });
      try {
        expect((await searchBody(after, caller, 'earnings')).contexts.map((context) => context.filename)).toEqual([EARNINGS.filename]);
        expect((await searchBody(after, caller, 'income')).contexts).toEqual([]);
        await upload(after, caller, SHOPPERS);
        expect((await searchBody(after, caller, 'clients')).contexts.map((context) => context.filename)).toEqual([SHOPPERS.filename]);
      } finally {
        await after.close();
      }
    } finally {
      await shared.dispose();
      await model.close();
    }
  });
});

describe('without an embedding provider', () => {
  const model = startedForSuite(() => startFakeOpenAi());
  // The provider's base URL is set (the agents could use it), but EMBEDDING_PROVIDER is not.
  const t = startedForSuite(() => createKbTestApp({ env: { OPENAI_COMPATIBLE_BASE_URL: model.baseUrl, LLM_PROVIDER: 'offline' } }));
  const caller = preparedForSuite(() => signIn(t));

  beforeAll(async () => {
    for (const file of [EARNINGS, SHOPPERS, RADIO]) await upload(t, caller, file);
  });

  it('answers by full text alone and never calls an embedding endpoint', async () => {
    expect((await searchBody(t, caller, 'income')).contexts).toEqual([]);
    const body = await searchBody(t, caller, 'earnings');
    expect(body.contexts).toEqual([
      { passage: EARNINGS.text, document_id: expect.any(String), ordinal: 0, filename: EARNINGS.filename, score: expect.any(Number), highlights: ['earnings'] },
    ]);
    // Full-text scores: the tier bonus (≥ 1) plus ts_rank, never a fused rank score (< 0.1).
    expect(body.contexts[0]!.score).toBeGreaterThan(1);
    expect(model.embeddingRequests).toEqual([]);
  });
});

describe.skipIf(pgvectorAvailable)('an embedding provider on a database without pgvector', () => {
  const model = startedForSuite(() => startFakeOpenAi());
  const t = startedForSuite(() => createKbTestApp({ env: embeddingEnv(model), captureLogs: true }));
  const caller = preparedForSuite(() => signIn(t));

  it('says so at start, then ingests and searches by full text without calling the provider', async () => {
    expect(warnings(t).some((message) => message.startsWith('pgvector is not available on this database'))).toBe(true);
    await upload(t, caller, EARNINGS);
    expect((await searchBody(t, caller, 'earnings')).contexts).toMatchObject([{ filename: EARNINGS.filename, highlights: ['earnings'] }]);
    expect((await searchBody(t, caller, 'income')).contexts).toEqual([]);
    expect(model.embeddingRequests).toEqual([]);
  });
});
