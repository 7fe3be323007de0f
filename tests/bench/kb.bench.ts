/**
 * npm run bench:kb — knowledge-base figures on this machine (docs/knowledge.md, "Figures").
 *
 * 1. Ingestion: 1,000 generated marketing documents (≈ 9 KB each) go through the real commit
 *    (object check, SHA-256 recomputed, duplicate check, row, enqueue) and the real pg-boss
 *    processing job (extract, chunk, categorise, index) with the production worker settings.
 *    Reports docs/s and failures, on PGlite and on PostgreSQL.
 * 2. Search at ≈ 10k passages: searchKnowledge with k = 10, p50/p95 over 300 queries.
 * 3. Text extraction alone, in-process and in the capped sandbox (kb-extraction.ts).
 * 4. Browser SHA-256 of a 1 GB file in Chromium (the app's own worker code, both engines),
 *    MB/s next to `sha256sum` on the same file, and the browser's peak memory growth.
 *
 * Env: BENCH_KB_DOCS (1000), BENCH_HASH_MB (1024), BENCH_PG_ADMIN_URL (default local
 * postgres://postgres:postgres@127.0.0.1:5432/postgres; a fresh database is created and dropped;
 * unreachable → PostgreSQL skipped), BENCH_SKIP_BROWSER=1, BENCH_SKIP_EXTRACTION=1.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { loadConfig } from '../../server/src/config';
import { openDatabase, type Database, type DatabaseTarget } from '../../server/src/db/database';
import { kbDocuments, organizations, spaces, users } from '../../server/src/db/schema/index';
import { startJobQueue } from '../../server/src/jobs/job-queue';
import { registerKnowledgeJobs } from '../../server/src/services/knowledge/knowledge-jobs';
import { llmCategoriserFor } from '../../server/src/services/knowledge/llm-categoriser';
import { createSemanticIndex } from '../../server/src/services/knowledge/semantic-index';
import { searchKnowledge } from '../../server/src/services/knowledge/search';
import { enqueueDocument } from '../../server/src/services/knowledge/document-jobs';
import { commitUpload } from '../../server/src/services/knowledge/uploads.service';
import { LocalDiskStorage, UploadTokens, newObjectPath } from '../../server/src/storage/index';
import { SEARCH_QUERIES, generateCorpus } from './kb-corpus';
import { benchExtraction } from './kb-extraction';
import { benchBrowserHash } from './kb-hash-browser';

const DOCS = Number(process.env.BENCH_KB_DOCS ?? 1000);
const PG_ADMIN_URL = process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres:postgres@127.0.0.1:5432/postgres';

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const fmt = (ms: number) => `${ms.toFixed(1)} ms`;

async function seedSpace(database: Database): Promise<{ spaceId: string; userId: string }> {
  const [org] = await database.db.insert(organizations).values({ name: 'Bench Co' }).returning();
  const [space] = await database.db.insert(spaces).values({ orgId: org!.id, name: 'Bench', slug: 'bench', isDefault: true }).returning();
  const [user] = await database.db
    .insert(users)
    .values({ email: 'bench@bench.test', name: 'Bench', passwordHash: 'x', role: 'org_owner', orgId: org!.id })
    .returning();
  return { spaceId: space!.id, userId: user!.id };
}

async function benchEngine(label: string, target: DatabaseTarget, storageDir: string): Promise<void> {
  const database = await openDatabase(target);
  // The database is dropped (WITH FORCE) right after: a late "terminating connection" is expected.
  if (target.kind === 'postgres') (database.db as unknown as { $client: pg.Pool }).$client.on('error', () => {});
  await database.migrate();
  const config = loadConfig({ STORAGE_DIR: storageDir, LOG_LEVEL: 'silent' });
  const storage = new LocalDiskStorage(storageDir, new UploadTokens(randomBytes(32)), 900);
  const { spaceId, userId } = await seedSpace(database);
  const queue = await startJobQueue(database);
  // Full-text search unless the environment configures an embedding provider (as the server would).
  const semanticIndex = await createSemanticIndex(database.db, config.llm, (message) => console.warn(message));
  const workers = await registerKnowledgeJobs(queue, { config, db: database.db, storage, semanticIndex, llmCategoriser: llmCategoriserFor(config.llm) });

  // 31 paragraphs ≈ 10 passages per document: 1,000 documents ≈ 10k passages.
  const corpus = generateCorpus(DOCS, 31);
  const bytes = corpus.reduce((sum, doc) => sum + Buffer.byteLength(doc.text), 0);
  console.log(`\n[${label}] ingesting ${DOCS} documents (${(bytes / 1024 / 1024).toFixed(1)} MB of text)…`);
  const started = performance.now();
  for (const doc of corpus) {
    const objectPath = newObjectPath(spaceId, doc.filename);
    const file = path.join(storageDir, objectPath);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, doc.text);
    await commitUpload(
      database.db,
      storage,
      {
        spaceId,
        userId,
        objectPath,
        filename: doc.filename,
        size: Buffer.byteLength(doc.text),
        mime: 'text/plain',
        hash: createHash('sha256').update(doc.text).digest('hex'),
        autoCategorized: true,
        category: null,
        subcategory: null,
        maxBytes: config.knowledge.maxUploadBytes,
      },
      (id) => enqueueDocument(queue, config.knowledge, id),
    );
  }
  const committedMs = performance.now() - started;
  let done = 0;
  let failed = 0;
  for (;;) {
    const rows = await database.db.execute(sql`SELECT status, count(*)::int AS n FROM kb_documents GROUP BY status`);
    const counts = Object.fromEntries((rows as unknown as { rows: { status: string; n: number }[] }).rows.map((row) => [row.status, Number(row.n)]));
    done = (counts.ready ?? 0) + (counts.error ?? 0);
    failed = counts.error ?? 0;
    if (done >= DOCS) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const totalMs = performance.now() - started;
  const passageCount = Number((await database.db.execute(sql`SELECT count(*)::int AS n FROM kb_passages`) as unknown as { rows: { n: number }[] }).rows[0]!.n);
  const categories = (await database.db.execute(sql`SELECT category, count(*)::int AS n FROM kb_documents GROUP BY category ORDER BY 2 DESC`) as unknown as { rows: { category: string; n: number }[] }).rows;
  console.log(`[${label}] commits: ${(committedMs / 1000).toFixed(1)} s; all processed after ${(totalMs / 1000).toFixed(1)} s → ${(DOCS / (totalMs / 1000)).toFixed(1)} docs/s; failures: ${failed}; passages: ${passageCount}`);
  console.log(`[${label}] categories: ${categories.map((row) => `${row.category} ${row.n}`).join(', ')}`);
  await workers.close();
  await queue.stop();
  // The app refreshes planner statistics 2 s after the last processed document (refresh-statistics.ts).
  await new Promise((resolve) => setTimeout(resolve, 3_000));

  // Search at this size: warm up, then time each query.
  for (const query of SEARCH_QUERIES) await searchKnowledge(database.db, { spaceId, query, k: 10 }, semanticIndex);
  const times: number[] = [];
  let empty = 0;
  for (let round = 0; round < 20; round += 1) {
    for (const query of SEARCH_QUERIES) {
      const t0 = performance.now();
      const contexts = await searchKnowledge(database.db, { spaceId, query, k: 10 }, semanticIndex);
      times.push(performance.now() - t0);
      if (contexts.length === 0) empty += 1;
    }
  }
  times.sort((a, b) => a - b);
  console.log(`[${label}] search over ${passageCount} passages, k=10, ${times.length} queries: p50 ${fmt(percentile(times, 50))}, p95 ${fmt(percentile(times, 95))}, max ${fmt(times.at(-1)!)}; empty answers: ${empty}`);
  await database.db.delete(kbDocuments).where(eq(kbDocuments.spaceId, spaceId));
  await database.close();
}

async function main(): Promise<void> {
  const work = await mkdtemp(path.join(tmpdir(), 'mosaic-kb-bench-'));
  try {
    if (!process.env.BENCH_SKIP_EXTRACTION) await benchExtraction(DOCS);
    await benchEngine('PGlite', { kind: 'pglite', dataDir: path.join(work, 'pglite') }, path.join(work, 'storage-pglite'));

    const admin = new pg.Client({ connectionString: PG_ADMIN_URL, connectionTimeoutMillis: 3000 });
    const reachable = await admin.connect().then(() => true, () => false);
    if (reachable) {
      const name = `mosaic_kb_bench_${randomBytes(4).toString('hex')}`;
      await admin.query(`CREATE DATABASE ${name}`);
      const url = new URL(PG_ADMIN_URL);
      url.pathname = `/${name}`;
      try {
        const version = (await admin.query('SHOW server_version')).rows[0].server_version;
        await benchEngine(`PostgreSQL ${version}`, { kind: 'postgres', url: url.toString() }, path.join(work, 'storage-pg'));
      } finally {
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      }
    } else {
      console.log(`\nPostgreSQL not reachable at BENCH_PG_ADMIN_URL: skipped.`);
    }

    if (!process.env.BENCH_SKIP_BROWSER) await benchBrowserHash(work);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
