/**
 * npm run bench:read-path — GET /me and GET /spaces/ of the real server against their floor, in the
 * same run: a bare Fastify process (tests/bench/floor-server.mjs) that checks the same JWT with
 * jose and runs the same SQL through a node-postgres pool of the same size. Figures in
 * docs/performance.md ("Server read path"; the history in docs/reliability.md, "Read path").
 *
 * On PostgreSQL: BENCH_DATABASE_URL (an empty, disposable database), else a fresh database made on
 * TEST_DATABASE_URL's server (default postgres://postgres:postgres@127.0.0.1:5432/postgres) and
 * dropped afterwards. BENCH_ENGINE=pglite measures the server on PGlite alone (the floor needs a
 * database it can share, which PGlite is not).
 *
 * The server runs as `npm start` runs it, at the default LOG_LEVEL (info: one line per request),
 * its output sent to /dev/null. BENCH_CONNECTIONS (200), BENCH_DURATION_SECONDS (10) per run,
 * BENCH_ROUNDS (3): the floor and the server take turns, so a change in the machine's load
 * touches both. A request unanswered after 10 s counts as a time-out.
 *
 * Each round's server/floor ratio is printed per route with their spread (lowest–highest over the
 * rounds) and the load average, and each process's CPU time per request (utime + stime from
 * /proc/<pid>/stat over the run): on a machine shared with other work the request rate moves
 * with the load, the CPU a request costs much less.
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
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const ENGINE = process.env.BENCH_ENGINE === 'pglite' ? 'pglite' : 'postgres';
const ADMIN_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres:postgres@127.0.0.1:5432/postgres';

const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

/** CPU time (user + system) a process has used so far, in milliseconds (Linux). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // utime and stime are the 14th and 15th fields of the whole line, in clock ticks (100 a second).
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

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

interface Measured extends LoadFigures {
  /** The answering process's CPU time per answered request, in microseconds. */
  cpuMicrosPerRequest: number;
}

async function measure(target: ServerProcess, path: string, token: string, spaceId: string): Promise<Measured> {
  const cpuBefore = cpuMs(target.pid);
  const result = await autocannon({
    url: `${target.baseUrl}/api/v1${path}`,
    connections: CONNECTIONS,
    duration: DURATION,
    timeout: 10,
    headers: { authorization: `Bearer ${token}`, 'x-space-id': spaceId },
  });
  const cpuMicrosPerRequest = Math.round(((cpuMs(target.pid) - cpuBefore) * 1000) / Math.max(1, result.requests.total));
  return { ...figuresOf(result), cpuMicrosPerRequest };
}

interface Row {
  run: string;
  'req/s': number;
  'p50 ms': number;
  'p99 ms': number;
  'max ms': number;
  'non-2xx': number;
  'time-outs': number;
  'CPU µs/req': number;
  load: string;
}

const row = (run: string, figures: Measured): Row => ({
  run,
  'req/s': figures.requestsPerSecond,
  'p50 ms': figures.p50Ms,
  'p99 ms': figures.p99Ms,
  'max ms': figures.maxMs,
  'non-2xx': figures.status4xx + figures.status5xx,
  'time-outs': figures.timeouts,
  'CPU µs/req': figures.cpuMicrosPerRequest,
  load: loadAverage(),
});

const percent = (share: number) => `${(share * 100).toFixed(0)} %`;
const spread = (values: number[]) => `${percent(Math.min(...values))}–${percent(Math.max(...values))}`;

/** One route's rounds, server against floor: the ratio of each round, their spread, the best rounds. */
function verdictLine(endpoint: string, floorRounds: Measured[], serverRounds: Measured[]): string {
  const rates = serverRounds.map((server, index) => server.requestsPerSecond / floorRounds[index]!.requestsPerSecond);
  const best = Math.max(...serverRounds.map((f) => f.requestsPerSecond)) / Math.max(...floorRounds.map((f) => f.requestsPerSecond));
  const cpu = floorRounds.map((floor, index) => floor.cpuMicrosPerRequest / serverRounds[index]!.cpuMicrosPerRequest);
  return (
    `GET ${endpoint}: server at ${rates.map(percent).join(', ')} of the floor's req/s by round (spread ${spread(rates)}; best rounds ${percent(best)}); ` +
    `floor CPU per request / server's: ${cpu.map(percent).join(', ')} (spread ${spread(cpu)})`
  );
}

async function main(): Promise<void> {
  // The database first: when PostgreSQL cannot be reached, nothing is left behind.
  const database = ENGINE === 'postgres' ? await disposableDatabase() : undefined;
  const folder = await mkdtemp(path.join(tmpdir(), 'mosaic-read-path-'));
  const env = { DATA_DIR: path.join(folder, 'data'), DATABASE_URL: database?.url ?? '', JWT_SECRET: randomBytes(32).toString('hex'), LOG_LEVEL: 'info' };
  const processes: ServerProcess[] = [];
  try {
    const server = await startServerProcess({ env, output: 'ignore' });
    processes.push(server);
    const owner = await new ApiClient(server.baseUrl).registerOwner('bench');
    const floor = database ? await startServerProcess({ env, script: path.join(import.meta.dirname, 'floor-server.mjs') }) : undefined;
    if (floor) processes.push(floor);

    console.log(`${ENGINE}; ${CONNECTIONS} connections, ${DURATION} s per run, ${ROUNDS} rounds; server at LOG_LEVEL=info; load average at the start ${loadAverage()}`);
    const rows: Row[] = [];
    const rounds = new Map<string, Measured[]>();
    const keep = (key: string, figures: Measured) => rounds.set(key, [...(rounds.get(key) ?? []), figures]);
    for (let round = 1; round <= ROUNDS; round += 1) {
      for (const endpoint of ['/me', '/spaces/']) {
        // A short warm-up first (connections opened, code optimised), not counted.
        if (round === 1) {
          if (floor) await autocannon({ url: `${floor.baseUrl}/api/v1${endpoint}`, connections: 10, duration: 2, headers: { authorization: `Bearer ${owner.access_token}` } });
          await autocannon({ url: `${server.baseUrl}/api/v1${endpoint}`, connections: 10, duration: 2, headers: { authorization: `Bearer ${owner.access_token}` } });
        }
        if (floor) {
          const figures = await measure(floor, endpoint, owner.access_token, owner.spaceId);
          rows.push(row(`floor GET ${endpoint} (round ${round})`, figures));
          keep(`floor ${endpoint}`, figures);
        }
        const figures = await measure(server, endpoint, owner.access_token, owner.spaceId);
        rows.push(row(`server GET ${endpoint} (round ${round})`, figures));
        keep(`server ${endpoint}`, figures);
      }
    }
    console.table(rows);
    if (floor) {
      for (const endpoint of ['/me', '/spaces/']) console.log(verdictLine(endpoint, rounds.get(`floor ${endpoint}`)!, rounds.get(`server ${endpoint}`)!));
    }
    console.log(`load average at the end: ${loadAverage()}`);
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
