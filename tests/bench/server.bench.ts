/**
 * npm run bench:server — throughput and latency of the real server on this machine.
 *
 * Starts `server/src/server.ts` as its own process on 127.0.0.1 with a temporary PGlite data
 * folder, registers one user, then drives it with autocannon for a bounded time per endpoint:
 * POST /login (argon2-bound by design), GET /me, GET /spaces/, and — for scale — a bare Fastify
 * route in a separate minimal process. Also measures start-up on an existing data folder: from
 * process spawn to /api/v1/health answering. Loopback only; everything started is stopped.
 *
 * BENCH_DURATION_SECONDS (default 5) and BENCH_CONNECTIONS (default 10) tune the runs.
 * BENCH_DATABASE_URL runs the server on that (empty, disposable) PostgreSQL database instead.
 * GET /api/v1/health is measured too: the full plugin stack without a database query.
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
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const PASSWORD = 'benchmark-password-123';

async function waitForHealth(baseUrl: string, child: ChildProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early with code ${child.exitCode}`);
    try {
      const response = await fetch(`${baseUrl}/api/v1/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('server did not become healthy in time');
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

async function startServer(dataDir: string, port: number) {
  const startedAt = performance.now();
  const child = spawn(TSX, [path.join(ROOT, 'server/src/server.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST,
      DATA_DIR: dataDir,
      DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '',
      STATIC_DIR: path.join(dataDir, 'no-static'),
      LOG_LEVEL: 'warn',
      // Login is limited to 10 a minute per address and email in production; lift it to measure.
      AUTH_RATE_LIMIT_MAX: '100000000',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseUrl = `http://${HOST}:${port}`;
  await waitForHealth(baseUrl, child);
  return { child, baseUrl, startMs: performance.now() - startedAt };
}

async function startBareFastify(port: number) {
  const script = `
    import Fastify from 'fastify';
    const app = Fastify({ logger: false });
    app.get('/api/v1/health', async () => ({ status: 'ok' }));
    app.get('/bare', async () => ({ hello: 'world' }));
    await app.listen({ port: ${port}, host: '${HOST}' });
    process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
  `;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], { cwd: ROOT, stdio: 'inherit' });
  const baseUrl = `http://${HOST}:${port}`;
  await waitForHealth(baseUrl, child);
  return { child, baseUrl };
}

interface Figure {
  name: string;
  requestsPerSecond: number;
  p99Ms: number;
  non2xx: number;
}

async function measure(name: string, options: autocannon.Options): Promise<Figure> {
  const result = await autocannon({ connections: CONNECTIONS, duration: DURATION, ...options });
  return {
    name,
    requestsPerSecond: Math.round(result.requests.average),
    p99Ms: result.latency.p99,
    non2xx: result.non2xx + result.errors + result.timeouts,
  };
}

async function main(): Promise<void> {
  const folder = await mkdtemp(path.join(tmpdir(), 'mosaic-bench-'));
  const dataDir = path.join(folder, 'data');
  const children: ChildProcess[] = [];
  try {
    // First start creates and migrates the data folder; it is not the figure we report.
    const first = await startServer(dataDir, await freePort());
    children.push(first.child);
    const email = `bench-${Date.now()}@bench.example.com`;
    const registered = await fetch(`${first.baseUrl}/api/v1/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD, name: 'Bench', org_name: 'Bench Org' }),
    });
    if (registered.status !== 201) throw new Error(`register failed: ${registered.status}`);
    await stop(first.child);

    const server = await startServer(dataDir, await freePort());
    children.push(server.child);
    console.log(`database: ${process.env.BENCH_DATABASE_URL ? 'PostgreSQL (BENCH_DATABASE_URL)' : 'PGlite'}`);
    console.log(`start-up with an existing data folder (spawn → /health answers): ${Math.round(server.startMs)} ms`);

    const login = await fetch(`${server.baseUrl}/api/v1/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    const { access_token: accessToken } = (await login.json()) as { access_token: string };
    const auth = { authorization: `Bearer ${accessToken}` };

    const bare = await startBareFastify(await freePort());
    children.push(bare.child);

    const figures = [
      await measure('POST /api/v1/login', {
        url: `${server.baseUrl}/api/v1/login`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: PASSWORD }),
      }),
      await measure('GET /api/v1/me', { url: `${server.baseUrl}/api/v1/me`, headers: auth }),
      await measure('GET /api/v1/spaces/', { url: `${server.baseUrl}/api/v1/spaces/`, headers: auth }),
      await measure('GET /api/v1/health (no DB)', { url: `${server.baseUrl}/api/v1/health` }),
      await measure('GET /bare (minimal Fastify)', { url: `${bare.baseUrl}/bare` }),
    ];

    console.log(`\n${DURATION} s per endpoint, ${CONNECTIONS} connections, loopback:`);
    console.table(
      figures.map((figure) => ({
        endpoint: figure.name,
        'req/s': figure.requestsPerSecond,
        'p99 ms': figure.p99Ms,
        'non-2xx/errors': figure.non2xx,
      })),
    );
  } finally {
    await Promise.all(children.map(stop));
    await rm(folder, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
