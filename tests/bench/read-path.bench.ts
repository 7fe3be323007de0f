/**
 * npm run bench:read-path — GET /me and GET /spaces/ of the real server against their floor, in the
 * same run: a bare Fastify process (tests/bench/floor-server.mjs) that checks the same JWT with
 * jose and runs the same SQL through a node-postgres pool of the same size. Figures in
 * docs/reliability.md ("Read path").
 *
 * On PostgreSQL: BENCH_DATABASE_URL (an empty, disposable database), else a fresh database made on
 * TEST_DATABASE_URL's server (default postgres://postgres:postgres@127.0.0.1:5432/postgres) and
 * dropped afterwards. BENCH_ENGINE=pglite measures the server on PGlite alone (the floor needs a
 * database it can share, which PGlite is not).
 *
 * The server runs as `npm start` runs it, at the default LOG_LEVEL (info: one line per request),
 * its output sent to /dev/null. BENCH_CONNECTIONS (200), BENCH_DURATION_SECONDS (10) per run,
 * BENCH_ROUNDS (2): the floor and the server take turns, so a change in the machine's load
 * touches both. A request unanswered after 10 s counts as a time-out.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { ApiClient } from '../tools/api-client';
import { figuresOf, type LoadFigures } from '../tools/load-mix';
import { startServerProcess, type ServerProcess } from '../tools/server-process';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 200);
const DURATION = Number(process.env.BENCH_DURATION_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const ENGINE = process.env.BENCH_ENGINE === 'pglite' ? 'pglite' : 'postgres';
const ADMIN_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres:postgres@127.0.0.1:5432/postgres';

const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

async function disposableDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  if (process.env.BENCH_DATABASE_URL) return { url: process.env.BENCH_DATABASE_URL, drop: async () => {} };
  const name = `mosaic_bench_${randomBytes(6).toString('hex')}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: ADMIN_URL });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

async function measure(baseUrl: string, path: string, token: string, spaceId: string): Promise<LoadFigures> {
  const result = await autocannon({
    url: `${baseUrl}/api/v1${path}`,
    connections: CONNECTIONS,
    duration: DURATION,
    timeout: 10,
    headers: { authorization: `Bearer ${token}`, 'x-space-id': spaceId },
  });
  return figuresOf(result);
}

interface Row {
  run: string;
  'req/s': number;
  'p50 ms': number;
  'p99 ms': number;
  'max ms': number;
  'non-2xx': number;
  'time-outs': number;
  load: string;
}

const row = (run: string, figures: LoadFigures): Row => ({
  run,
  'req/s': figures.requestsPerSecond,
  'p50 ms': figures.p50Ms,
  'p99 ms': figures.p99Ms,
  'max ms': figures.maxMs,
  'non-2xx': figures.status4xx + figures.status5xx,
  'time-outs': figures.timeouts,
  load: loadAverage(),
});

async function main(): Promise<void> {
  const folder = await mkdtemp(path.join(tmpdir(), 'mosaic-read-path-'));
  const database = ENGINE === 'postgres' ? await disposableDatabase() : undefined;
  const env = { DATA_DIR: path.join(folder, 'data'), DATABASE_URL: database?.url ?? '', JWT_SECRET: randomBytes(32).toString('hex'), LOG_LEVEL: 'info' };
  const processes: ServerProcess[] = [];
  try {
    const server = await startServerProcess({ env, output: 'ignore' });
    processes.push(server);
    const owner = await new ApiClient(server.baseUrl).registerOwner('bench');
    const floor = database ? await startServerProcess({ env, script: path.join(import.meta.dirname, 'floor-server.mjs') }) : undefined;
    if (floor) processes.push(floor);

    console.log(`${ENGINE}; ${CONNECTIONS} connections, ${DURATION} s per run, ${ROUNDS} rounds; server at LOG_LEVEL=info`);
    const rows: Row[] = [];
    const best = new Map<string, LoadFigures>();
    const keep = (key: string, figures: LoadFigures) => {
      const previous = best.get(key);
      if (!previous || figures.requestsPerSecond > previous.requestsPerSecond) best.set(key, figures);
    };
    for (let round = 1; round <= ROUNDS; round += 1) {
      for (const endpoint of ['/me', '/spaces/']) {
        // A short warm-up first (connections opened, code optimised), not counted.
        if (round === 1) {
          if (floor) await autocannon({ url: `${floor.baseUrl}/api/v1${endpoint}`, connections: 10, duration: 2, headers: { authorization: `Bearer ${owner.access_token}` } });
          await autocannon({ url: `${server.baseUrl}/api/v1${endpoint}`, connections: 10, duration: 2, headers: { authorization: `Bearer ${owner.access_token}` } });
        }
        if (floor) {
          const figures = await measure(floor.baseUrl, endpoint, owner.access_token, owner.spaceId);
          rows.push(row(`floor GET ${endpoint} (round ${round})`, figures));
          keep(`floor ${endpoint}`, figures);
        }
        const figures = await measure(server.baseUrl, endpoint, owner.access_token, owner.spaceId);
        rows.push(row(`server GET ${endpoint} (round ${round})`, figures));
        keep(`server ${endpoint}`, figures);
      }
    }
    console.table(rows);
    if (floor) {
      for (const endpoint of ['/me', '/spaces/']) {
        const share = best.get(`server ${endpoint}`)!.requestsPerSecond / best.get(`floor ${endpoint}`)!.requestsPerSecond;
        console.log(`GET ${endpoint}: server at ${(share * 100).toFixed(0)} % of the floor (best rounds)`);
      }
    }
    console.log(`server RSS at the end: ${server.rssMiB().toFixed(0)} MiB`);
  } finally {
    for (const child of processes) await child.stop();
    await database?.drop();
    await rm(folder, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
