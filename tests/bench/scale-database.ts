/**
 * The scale bench's PostgreSQL database: `scale_bench_<random>` made on TEST_DATABASE_URL's server
 * (default postgres://postgres:postgres@127.0.0.1:5432/postgres, as `npm run test:pg` uses) and
 * migrated with the app's own migrations, or an already seeded one named by BENCH_SCALE_DATABASE
 * (kept between runs while indexes and queries are being worked on: migrations are applied to it,
 * the seed is not repeated, and it is not dropped).
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase } from '../../server/src/db/database';

export const ADMIN_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres:postgres@127.0.0.1:5432/postgres';

export interface BenchDatabase {
  name: string;
  url: string;
  /** False for a database named by BENCH_SCALE_DATABASE: it is seeded already. */
  fresh: boolean;
  /** Drops a database this run made (BENCH_KEEP_DATABASE=1 keeps it); a named one is kept. */
  drop(): Promise<void>;
}

async function asAdmin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

function urlOf(name: string): string {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function openBenchDatabase(): Promise<BenchDatabase> {
  const named = process.env.BENCH_SCALE_DATABASE;
  if (named && !/^scale_bench_\w+$/.test(named)) throw new Error('BENCH_SCALE_DATABASE must name a scale_bench_… database');
  const name = named ?? `scale_bench_${randomBytes(5).toString('hex')}`;
  if (!named) await asAdmin(`CREATE DATABASE ${name}`);
  const url = urlOf(name);
  const database = await openDatabase({ kind: 'postgres', url, poolSize: 1 });
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
  const keep = Boolean(named) || process.env.BENCH_KEEP_DATABASE === '1';
  return {
    name,
    url,
    fresh: !named,
    drop: async () => {
      if (keep) console.log(`database kept: BENCH_SCALE_DATABASE=${name}`);
      else await asAdmin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}
