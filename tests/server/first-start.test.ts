import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ApiClient, TEST_PASSWORD } from '../tools/api-client';
import { startServerProcess, type ServerProcess } from '../tools/server-process';

/**
 * The embedded database of a new install is created by a short-lived preparing process
 * (server/src/first-start.ts), so the serving process never carries the memory that creating it
 * takes. What a user of `npm start` notices: the first start serves, keeps what it stored, and the
 * next start opens the same data.
 */
describe('first start on a new data folder', () => {
  let folder = '';
  const started: ServerProcess[] = [];
  afterAll(async () => {
    for (const server of started) await server.stop();
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  it('creates the database, serves, and the next start finds the same accounts', { timeout: 240_000 }, async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'mosaic-first-start-'));
    // A parent that does not exist yet: PGlite does not create it, the server must.
    const dataDir = path.join(folder, 'nested', 'data');
    const first = await startServerProcess({ env: { DATA_DIR: dataDir }, output: 'ignore' });
    started.push(first);
    expect(existsSync(path.join(dataDir, 'pglite', 'PG_VERSION'))).toBe(true);
    const owner = await new ApiClient(first.baseUrl).registerOwner('first-start');
    await first.stop();

    const second = await startServerProcess({ env: { DATA_DIR: dataDir }, output: 'ignore' });
    started.push(second);
    const signedIn = await new ApiClient(second.baseUrl).call<{ access_token: string }>('login', 'POST', '/login', {
      body: { email: owner.email, password: TEST_PASSWORD },
    });
    expect(signedIn.access_token).toEqual(expect.any(String));
  });
});
