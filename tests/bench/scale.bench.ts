/**
 * npm run bench:scale — Mosaic on PostgreSQL with a thousand organisations' data (docs/scale.md).
 *
 * 1. A database `scale_bench_<random>` on TEST_DATABASE_URL's server, migrated with the app's
 *    migrations, seeded with set-based SQL (scale-seed.ts; BENCH_SCALE=0.1 seeds a tenth), each
 *    table's seeding time printed.
 * 2. The real server as `npm start` runs it (compiled, one process), with every SQL statement
 *    captured (scale-sql-capture.mjs): each endpoint is called once, and every statement it sent is
 *    EXPLAINed (scale-plans.ts): a sequential scan of a table over 10,000 rows fails the endpoint.
 * 3. The server again without the capture, and each endpoint under load: BENCH_CONNECTIONS (50)
 *    for BENCH_DURATION_SECONDS (10) after a short warm-up. An endpoint passes with p95 ≤ 100 ms,
 *    every answer 2xx and a clean plan check.
 *
 * Ends with one line `N passed, N failed` (exit code 1 when any failed). BENCH_SCALE_DATABASE
 * names an already seeded database to reuse; BENCH_KEEP_DATABASE=1 keeps the one made.
 * BENCH_ENDPOINTS (names, comma-separated, e.g. `history search,admin audit log`) measures only
 * those, for work on one page; the line then counts only them.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { hashPassword } from '../../server/src/services/passwords';
import { TEST_PASSWORD } from '../tools/api-client';
import { startServerProcess, type ServerProcess } from '../tools/server-process';
import { openBenchDatabase } from './scale-database';
import { BENCH_SPACE_ID, CALLER_EMAILS, SCALE_ENDPOINTS, type BenchEndpoint, type Caller } from './scale-endpoints';
import { loadEndpoint, type LoadResult } from './scale-load';
import { capturedSince, checkPlans, type PlanCheck } from './scale-plans';
import { countsFor, seed } from './scale-seed';

const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DURATION = Number(process.env.BENCH_DURATION_SECONDS ?? 10);
const P95_TARGET_MS = 100;
const ONLY = (process.env.BENCH_ENDPOINTS ?? '').split(',').map((name) => name.trim()).filter(Boolean);
const unknown = ONLY.filter((name) => !SCALE_ENDPOINTS.some((endpoint) => endpoint.name === name));
if (unknown.length > 0) throw new Error(`BENCH_ENDPOINTS: no endpoint named ${unknown.join(', ')} (names: ${SCALE_ENDPOINTS.map((endpoint) => endpoint.name).join(', ')})`);
const ENDPOINTS = ONLY.length > 0 ? SCALE_ENDPOINTS.filter((endpoint) => ONLY.includes(endpoint.name)) : SCALE_ENDPOINTS;
const CAPTURE_HOOK = path.join(import.meta.dirname, 'scale-sql-capture.mjs');

const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

async function signIn(baseUrl: string, email: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: TEST_PASSWORD }),
  });
  if (!response.ok) throw new Error(`sign-in of ${email}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

const headersFor = (endpoint: BenchEndpoint, tokens: Record<Caller, string>) => ({
  authorization: `Bearer ${tokens[endpoint.caller]}`,
  'x-space-id': BENCH_SPACE_ID,
});

async function serverOn(url: string, jwtSecret: string, captureFile?: string): Promise<ServerProcess> {
  return startServerProcess({
    output: 'ignore',
    env: {
      DATABASE_URL: url,
      JWT_SECRET: jwtSecret,
      // Production's level: one log line per request.
      LOG_LEVEL: 'info',
      // Fifty connections of one admin are far over the admin area's per-person limit (120 a minute).
      ADMIN_RATE_LIMIT_MAX: '100000000',
      ...(captureFile ? { SCALE_SQL_CAPTURE_FILE: captureFile, NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import=${CAPTURE_HOOK}`.trim() } : {}),
    },
  });
}

/** Calls each endpoint once on a capturing server and checks the plans of what it ran. */
async function planChecks(url: string, jwtSecret: string, folder: string): Promise<{ plans: Map<string, PlanCheck>; tokens: Record<Caller, string> }> {
  const captureFile = path.join(folder, 'statements.jsonl');
  const server = await serverOn(url, jwtSecret, captureFile);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const tokens = { owner: await signIn(server.baseUrl, CALLER_EMAILS.owner), platformAdmin: await signIn(server.baseUrl, CALLER_EMAILS.platformAdmin) };
    const plans = new Map<string, PlanCheck>();
    for (const endpoint of ENDPOINTS) {
      const before = await capturedSince(captureFile, 0);
      const response = await fetch(`${server.baseUrl}/api/v1${endpoint.path}`, { headers: headersFor(endpoint, tokens) });
      const body = await response.text();
      if (!response.ok) throw new Error(`${endpoint.name} (GET ${endpoint.path}): ${response.status} ${body.slice(0, 300)}`);
      const { statements } = await capturedSince(captureFile, before.end);
      plans.set(endpoint.name, await checkPlans(client, statements));
    }
    return { plans, tokens };
  } finally {
    await client.end();
    await server.stop();
  }
}

interface Row {
  endpoint: string;
  'p50 ms': number;
  'p95 ms': number;
  'max ms': number;
  'req/s': number;
  failures: number;
  plan: string;
  load: string;
  passed: boolean | 'not a target';
}

function rowFor(endpoint: BenchEndpoint, load: LoadResult, plan: PlanCheck, loadNow: string): Row {
  const planText = plan.seqScans.length === 0 ? `ok (${plan.statements} statements)` : plan.seqScans.map((scan) => `seq scan ${scan.table} (${scan.rows.toLocaleString('en-GB')} rows)`).join('; ');
  return {
    endpoint: endpoint.name,
    'p50 ms': load.p50Ms,
    'p95 ms': load.p95Ms,
    'max ms': load.maxMs,
    'req/s': load.requestsPerSecond,
    failures: load.failures,
    plan: planText,
    load: loadNow,
    passed: endpoint.target === false ? 'not a target' : load.p95Ms <= P95_TARGET_MS && load.failures === 0 && plan.seqScans.length === 0,
  };
}

async function main(): Promise<void> {
  const folder = await mkdtemp(path.join(tmpdir(), 'mosaic-scale-'));
  const database = await openBenchDatabase();
  try {
    const counts = countsFor(SCALE);
    console.log(`database ${database.name}; scale ${SCALE}; load average ${loadAverage()}`);
    if (database.fresh) {
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      try {
        const started = performance.now();
        console.log('seeding:');
        await seed(client, counts, await hashPassword(TEST_PASSWORD), (line) => console.log(line));
        console.log(`seeded in ${((performance.now() - started) / 1000).toFixed(0)} s; load average ${loadAverage()}`);
      } finally {
        await client.end();
      }
    } else {
      console.log('seeded already: the seed is skipped');
    }

    const jwtSecret = randomBytes(32).toString('hex');
    const { plans, tokens } = await planChecks(database.url, jwtSecret, folder);
    for (const [name, plan] of plans) {
      for (const scan of plan.seqScans) console.log(`plan: ${name}: seq scan on ${scan.table}: ${scan.statement}`);
      if (plan.slowest) console.log(`slowest read: ${name}: ${plan.slowest.ms.toFixed(1)} ms: ${plan.slowest.statement}`);
    }

    const server = await serverOn(database.url, jwtSecret);
    const rows: Row[] = [];
    try {
      console.log(`load: ${CONNECTIONS} connections, ${DURATION} s per endpoint, after a 2 s warm-up at 10`);
      for (const endpoint of ENDPOINTS) {
        const url = `${server.baseUrl}/api/v1${endpoint.path}`;
        const headers = headersFor(endpoint, tokens);
        await loadEndpoint({ url, headers, connections: 10, durationSeconds: 2 });
        const load = await loadEndpoint({ url, headers, connections: CONNECTIONS, durationSeconds: DURATION });
        rows.push(rowFor(endpoint, load, plans.get(endpoint.name)!, loadAverage()));
      }
    } finally {
      await server.stop();
    }
    console.table(rows);
    const targets = rows.filter((row) => row.passed !== 'not a target');
    const passed = targets.filter((row) => row.passed === true).length;
    console.log(`${passed} passed, ${targets.length - passed} failed`);
    process.exitCode = passed === targets.length ? 0 : 1;
  } finally {
    await database.drop();
    await rm(folder, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
