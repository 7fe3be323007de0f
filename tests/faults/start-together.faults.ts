/**
 * (h) Processes that start together or share a folder: what an operator does with a deploy of
 * several processes, or with `npm run admin:create` while the server runs.
 *  - Three servers started at the same moment on an empty PostgreSQL all come up: one applies the
 *    migrations while the others wait for it (a database-wide advisory lock), and each migration
 *    is recorded once. Before the lock, one process died on a duplicate CREATE TYPE.
 *  - The embedded database's folder belongs to one process: a second server, or the admin CLI, on
 *    a folder in use is refused with a message naming the folder and what to do, and the first
 *    server goes on serving with its data intact. Before, the CLI printed "Created…" into a copy
 *    the running server never saw, and the account was created again after a restart.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { ApiClient, TEST_PASSWORD } from '../tools/api-client';
import { freshDatabase, report, startServer } from './harness';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** Runs a command to its end: its exit code and everything it wrote. */
function run(command: string, args: string[], env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, env: { ...process.env, LOG_LEVEL: 'warn', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, output }));
  });
}

describe('processes that start together or share a folder', () => {
  it('three servers started at once on an empty PostgreSQL all serve, and each migration is applied once', async () => {
    const database = await freshDatabase('postgres', { empty: true });
    const began = performance.now();
    const servers = await Promise.all([startServer(database), startServer(database), startServer(database)]);
    report('start together (postgres)', `3 servers healthy ${Math.round(performance.now() - began)} ms after starting together on an empty database`);

    for (const server of servers) {
      const owner = await new ApiClient(server.baseUrl).registerOwner('together');
      expect(owner.spaceId).toEqual(expect.any(String));
    }
    const client = new pg.Client({ connectionString: database.env.DATABASE_URL });
    await client.connect();
    try {
      const { rows } = await client.query<{ hash: string; times: string }>('SELECT hash, count(*) AS times FROM drizzle.__drizzle_migrations GROUP BY hash');
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.filter((row) => Number(row.times) !== 1)).toEqual([]);
    } finally {
      await client.end();
    }
  });

  it('a second server or the admin CLI on an embedded database in use is refused, and the first keeps serving', async () => {
    const database = await freshDatabase('pglite');
    const first = await startServer(database);
    const api = new ApiClient(first.baseUrl);
    const owner = await api.registerOwner('owner');
    const folder = path.join(database.env.DATA_DIR!, 'pglite');

    const second = await run(process.execPath, [path.join(ROOT, 'server/scripts/start-server.mjs')], { ...database.env, PORT: '0', HOST: '127.0.0.1', STATIC_DIR: '/nonexistent' });
    expect(second.code).not.toBe(0);
    expect(second.output).toContain(`The embedded database in ${folder} is in use by another Mosaic process`);
    expect(second.output).toContain('stop that process first');

    const cli = await run(path.join(ROOT, 'node_modules/.bin/tsx'), ['server/src/cli/create-admin.ts', '--email', 'ops@mosaic-faults.test', '--name', 'Ops', '--password', TEST_PASSWORD], database.env);
    expect(cli.code).toBe(1);
    expect(cli.output).toContain(`The embedded database in ${folder} is in use`);
    expect(cli.output).toContain('stop the server, run this command again, then start the server');
    expect(cli.output).not.toContain('Created');
    report('folder in use (pglite)', `second server exited ${second.code}, admin CLI exited ${cli.code}`);

    // The first server is untouched: it answers, with the data it had.
    const signedIn = await api.call<{ access_token: string }>('login', 'POST', '/login', { body: { email: owner.email, password: TEST_PASSWORD } });
    expect(signedIn.access_token).toEqual(expect.any(String));

    // Stopped, the folder is free: the CLI runs, and the server started again sees the account.
    await first.stop();
    const created = await run(path.join(ROOT, 'node_modules/.bin/tsx'), ['server/src/cli/create-admin.ts', '--email', 'ops@mosaic-faults.test', '--name', 'Ops', '--password', TEST_PASSWORD], database.env);
    expect(created.output).toContain('Created system_admin ops@mosaic-faults.test');
    const again = await startServer(database);
    const admin = await new ApiClient(again.baseUrl).call<{ user: { role: string } }>('admin login', 'POST', '/login', { body: { email: 'ops@mosaic-faults.test', password: TEST_PASSWORD } });
    expect(admin.user.role).toBe('system_admin');
  });
});
