import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/src/app';
import { loadConfig } from '../../server/src/config';
import { openDatabase } from '../../server/src/db/database';
import { API, TEST_PASSWORD, authHeaders, registerOwner, testEngine } from '../helpers/server';
import { createTestDatabaseTarget, type TestDatabaseTarget } from '../helpers/server-database';
import { SUITE_LOG_LEVEL, writeSuiteLog } from '../helpers/server-log-sink';

/** Starts the server the way server.ts does — open, migrate, build — on the given database. */
async function start(target: TestDatabaseTarget['target'], env: Record<string, string> = {}) {
  const database = await openDatabase(target);
  await database.migrate();
  const app = await buildApp({
    config: loadConfig({ LOG_LEVEL: SUITE_LOG_LEVEL, STATIC_DIR: '/nonexistent', ...env }),
    database,
    // Scanned for secrets with the rest of the suite's logs.
    logStream: { write: writeSuiteLog },
  });
  await app.ready();
  return {
    app,
    stop: async () => {
      await app.close();
      await database.close();
    },
  };
}

describe(`restarting on the same data (${testEngine})`, () => {
  let target: TestDatabaseTarget;
  beforeAll(async () => {
    target = await createTestDatabaseTarget({ persistent: true });
  });
  afterAll(() => target.dispose());

  it('applies migrations once, keeps the data, and keeps the generated JWT key', async () => {
    // No JWT_SECRET: the first start generates one and stores it in the database.
    const first = await start(target.target);
    const owner = await registerOwner(first.app, { org_name: 'Persistent Org' });
    await first.stop();

    const second = await start(target.target);
    try {
      // The token signed before the restart still verifies: the key came from the database.
      const me = await second.app.inject({ method: 'GET', url: `${API}/me`, headers: authHeaders(owner.access_token) });
      expect(me.statusCode).toBe(200);
      expect(me.json().email).toBe(owner.email);
      const login = await second.app.inject({
        method: 'POST',
        url: `${API}/login`,
        payload: { email: owner.email, password: TEST_PASSWORD },
      });
      expect(login.statusCode).toBe(200);
      const spaces = await second.app.inject({ method: 'GET', url: `${API}/spaces/`, headers: authHeaders(owner.access_token) });
      expect(spaces.json()).toHaveLength(1);
    } finally {
      await second.stop();
    }
  });

  it('an explicit JWT_SECRET takes precedence over the stored key', async () => {
    const generatedKeyApp = await start(target.target);
    const owner = await registerOwner(generatedKeyApp.app);
    await generatedKeyApp.stop();

    const configured = await start(target.target, { JWT_SECRET: 'an-operator-chosen-secret-of-sufficient-length' });
    try {
      const me = await configured.app.inject({ method: 'GET', url: `${API}/me`, headers: authHeaders(owner.access_token) });
      expect(me.statusCode).toBe(401);
    } finally {
      await configured.stop();
    }
  });
});

describe.skipIf(testEngine !== 'postgres')('losing PostgreSQL connections', () => {
  let target: TestDatabaseTarget;
  beforeAll(async () => {
    target = await createTestDatabaseTarget();
  });
  afterAll(() => target.dispose());

  it('survives the server ending its idle connections and answers the next request', async () => {
    const server = await start(target.target);
    try {
      const owner = await registerOwner(server.app);
      const { url } = target.target as { url: string };
      const admin = await openDatabase({ kind: 'postgres', url, poolSize: 1 });
      // What a PostgreSQL restart or an administrator does to every session but this one.
      await admin.db.execute(
        sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`,
      );
      await admin.close();
      await new Promise((resolve) => setTimeout(resolve, 200));

      const me = await server.app.inject({ method: 'GET', url: `${API}/me`, headers: authHeaders(owner.access_token) });
      expect(me.statusCode).toBe(200);
      expect(me.json().email).toBe(owner.user.email);
    } finally {
      await server.stop();
    }
  });
});
