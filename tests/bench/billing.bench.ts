/**
 * npx tsx tests/bench/billing.bench.ts — how fast credits are spent under concurrency, and that
 * the ledger stays exact while it happens.
 *
 * For each database (PGlite in a temporary folder; PostgreSQL when BENCH_DATABASE_URL names an
 * empty, disposable database) it starts `server/src/server.ts` as its own process on 127.0.0.1,
 * registers an organisation, and then:
 *  1. drives POST /billing/credits/deduct (1 credit each, every request a separate ledger row)
 *     with autocannon at BENCH_CONNECTIONS (default 10 and 50) for BENCH_DURATION_SECONDS (default
 *     5), and checks that the balance fell by exactly the number of debit rows in the ledger;
 *  2. fires 100 deductions of 100 credits at once at a fresh organisation (3,000 credits) and
 *     reports the wall time and that exactly 30 went through;
 *  3. measures GET /billing/credits/transactions?limit=20 (a page of the ledger) at 10 connections.
 * Loopback only; every process and folder it starts is removed at the end.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { freePort } from '../tools/free-port';

const ROOT = path.resolve(import.meta.dirname, '../..');
const TSX = path.join(ROOT, 'node_modules', '.bin', 'tsx');
const HOST = '127.0.0.1';
const DURATION = Number(process.env.BENCH_DURATION_SECONDS ?? 5);
const CONNECTION_LEVELS = (process.env.BENCH_CONNECTIONS ?? '10,50').split(',').map(Number);
const PASSWORD = 'benchmark-password-123';

interface Server {
  baseUrl: string;
  stop(): Promise<void>;
}

async function startServer(env: Record<string, string>): Promise<Server> {
  const port = await freePort();
  const child: ChildProcess = spawn(TSX, ['server/src/server.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST, LOG_LEVEL: 'warn', STATIC_DIR: '/nonexistent', AUTH_RATE_LIMIT_MAX: '100000', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseUrl = `http://${HOST}:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early with code ${child.exitCode}`);
    if (await fetch(`${baseUrl}/api/v1/health`).then((r) => r.ok).catch(() => false)) break;
    if (Date.now() > deadline) throw new Error('server did not become healthy in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    baseUrl,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

interface Org {
  headers: Record<string, string>;
}

async function newOrganisation(baseUrl: string): Promise<Org> {
  const email = `bench-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@bench-${Math.random().toString(36).slice(2, 8)}.test`;
  const registered = await fetch(`${baseUrl}/api/v1/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD, name: 'Bench', org_name: 'Bench Org' }),
  });
  const { access_token } = (await registered.json()) as { access_token: string };
  const auth = { authorization: `Bearer ${access_token}` };
  const spaces = ((await (await fetch(`${baseUrl}/api/v1/spaces/`, { headers: auth })).json()) as { data: Array<{ id: string }> }).data;
  return { headers: { ...auth, 'x-space-id': spaces[0]!.id, 'content-type': 'application/json' } };
}

async function remaining(baseUrl: string, org: Org): Promise<number> {
  const credits = (await (await fetch(`${baseUrl}/api/v1/billing/credits`, { headers: org.headers })).json()) as { remaining: number };
  return credits.remaining;
}

/** Debit rows in the ledger: the source of truth the balance must agree with. */
async function debitCount(baseUrl: string, org: Org): Promise<number> {
  const page = (await (await fetch(`${baseUrl}/api/v1/billing/credits/transactions?type=debit&limit=1`, { headers: org.headers })).json()) as { total: number };
  return page.total;
}

function run(options: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

interface Row {
  scenario: string;
  rate: string;
  p50: string;
  p99: string;
  check: string;
}

async function benchEngine(label: string, env: Record<string, string>): Promise<Row[]> {
  const server = await startServer(env);
  const rows: Row[] = [];
  try {
    for (const connections of CONNECTION_LEVELS) {
      const org = await newOrganisation(server.baseUrl);
      // Enough credits that no deduction in the run is refused for balance: 5 × 24,000 bought with
      // demo payments (adding credits without paying is a platform admin's call).
      for (let purchase = 0; purchase < 5; purchase++) {
        await fetch(`${server.baseUrl}/api/v1/billing/credits/purchase`, { method: 'POST', headers: org.headers, body: JSON.stringify({ credits: 20_000 }) });
      }
      const before = await remaining(server.baseUrl, org);
      const result = await run({
        url: `${server.baseUrl}/api/v1/billing/credits/deduct`,
        method: 'POST',
        headers: org.headers,
        body: JSON.stringify({ amount: 1, feature_type: 'chat', description: 'bench' }),
        connections,
        duration: DURATION,
      });
      // Let requests still in flight when autocannon stopped counting finish on the server.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const after = await remaining(server.baseUrl, org);
      const spent = before - after;
      const debits = await debitCount(server.baseUrl, org);
      // Requests in flight at the cut-off are answered after autocannon stopped counting, so the
      // server may have made up to `connections` more charges than the 2xx it counted.
      const consistent = debits === spent && spent >= result['2xx'] && spent <= result['2xx'] + connections && result.non2xx === 0;
      rows.push({
        scenario: `${label}: deduct 1 credit, ${connections} connections`,
        rate: `${Math.round(result.requests.average)} /s`,
        p50: `${result.latency.p50} ms`,
        p99: `${result.latency.p99} ms`,
        check: consistent
          ? `${debits} debit rows = ${spent} credits spent (${result['2xx']} answers counted before the cut-off)`
          : `MISMATCH: ${debits} debit rows, ${spent} spent, 2xx ${result['2xx']}, non-2xx ${result.non2xx}`,
      });
    }

    const contested = await newOrganisation(server.baseUrl);
    const started = performance.now();
    const answers = await Promise.all(
      Array.from({ length: 100 }, () =>
        fetch(`${server.baseUrl}/api/v1/billing/credits/deduct`, { method: 'POST', headers: contested.headers, body: JSON.stringify({ amount: 100 }) }).then((r) => r.status),
      ),
    );
    const wall = performance.now() - started;
    const accepted = answers.filter((status) => status === 200).length;
    const left = await remaining(server.baseUrl, contested);
    rows.push({
      scenario: `${label}: 100 × 100 credits at once against 3,000`,
      rate: `${Math.round((100 / wall) * 1000)} /s`,
      p50: '–',
      p99: `${Math.round(wall)} ms (all 100)`,
      check: accepted === 30 && left === 0 ? '30 accepted, 70 refused (402), balance 0' : `MISMATCH: ${accepted} accepted, ${left} left`,
    });

    const reader = await newOrganisation(server.baseUrl);
    const page = await run({ url: `${server.baseUrl}/api/v1/billing/credits/transactions?limit=20`, headers: reader.headers, connections: 10, duration: DURATION });
    rows.push({
      scenario: `${label}: GET transactions?limit=20, 10 connections`,
      rate: `${Math.round(page.requests.average)} /s`,
      p50: `${page.latency.p50} ms`,
      p99: `${page.latency.p99} ms`,
      check: page.non2xx === 0 ? 'all 200' : `${page.non2xx} errors`,
    });
  } finally {
    await server.stop();
  }
  return rows;
}

const folder = await mkdtemp(path.join(tmpdir(), 'mosaic-bench-billing-'));
try {
  const rows = await benchEngine('PGlite', { DATA_DIR: folder, DATABASE_URL: '' });
  if (process.env.BENCH_DATABASE_URL) rows.push(...(await benchEngine('PostgreSQL', { DATABASE_URL: process.env.BENCH_DATABASE_URL })));
  console.log(`\nBilling benchmark (${DURATION} s per run, loopback, Node ${process.version})\n`);
  console.log('| scenario | rate | p50 | p99 | check |\n|---|---|---|---|---|');
  for (const row of rows) console.log(`| ${row.scenario} | ${row.rate} | ${row.p50} | ${row.p99} | ${row.check} |`);
} finally {
  await rm(folder, { recursive: true, force: true });
}
