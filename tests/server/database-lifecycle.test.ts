import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../server/src/app';
import { loadConfig } from '../../server/src/config';
import { openDatabase } from '../../server/src/db/database';
import { API, TEST_PASSWORD, authHeaders, registerOwner, testEngine } from '../helpers/server';
import { createTestDatabaseTarget, type TestDatabaseTarget } from '../helpers/server-database';
import { SUITE_LOG_LEVEL, writeSuiteLog } from '../helpers/server-log-sink';
import { until } from '../helpers/wait-until';

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
      expect(spaces.json().data).toHaveLength(1);
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

/** A session on the test database that is not the app's: what an operator would use. */
async function operatorSession(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return client;
}

interface Backend {
  pid: number;
  /** pg_stat_activity's state when it was ended: 'idle' for a connection resting in the app's pool. */
  state: string | null;
  query: string;
}

/** The app's connections to its database (every session on it but the operator's own). */
async function appBackends(operator: pg.Client): Promise<Backend[]> {
  const { rows } = await operator.query<Backend>(
    'SELECT pid, state, query FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
  );
  return rows;
}

/** The line server/src/db/database.ts writes when its pool reports a connection the server ended. */
const CONNECTION_LOST = 'PostgreSQL connection lost';

describe.skipIf(testEngine !== 'postgres')('losing PostgreSQL connections', () => {
  let target: TestDatabaseTarget;
  beforeAll(async () => {
    target = await createTestDatabaseTarget();
  });
  afterAll(() => target.dispose());
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('survives the server ending its idle connections and answers the next request on a new one', async () => {
    // The pool's report of each lost connection; still printed, only counted here.
    const warn = vi.spyOn(console, 'warn');
    const lossesReported = () => warn.mock.calls.filter(([line]) => String(line).startsWith(CONNECTION_LOST)).length;
    const server = await start(target.target);
    const operator = await operatorSession((target.target as { url: string }).url);
    try {
      const owner = await registerOwner(server.app);

      // What a PostgreSQL restart or an administrator does: end every session of the app at once.
      const { rows: ended } = await operator.query<Backend & { terminated: boolean }>(
        `SELECT pid, state, query, pg_terminate_backend(pid) AS terminated
           FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`,
      );
      expect(ended.every((backend) => backend.terminated)).toBe(true);
      // Connections resting in the pool are the case under test (the chat listeners hold LISTEN
      // connections of their own and reconnect by themselves): without one, nothing would be proved.
      const idleInPool = ended.filter((backend) => backend.state === 'idle' && !backend.query.startsWith('LISTEN'));
      expect(idleInPool.length).toBeGreaterThan(0);

      // Wait for the loss to have reached the app, not for time to pass: PostgreSQL no longer lists
      // the ended sessions (each sent its client the reason before going), and the pool has reported
      // losing connections. Unhandled, that report is an uncaught exception (outside the test
      // runner, a crash) and no line is written. Not one line per idle connection: pg-boss polls
      // every second, and a connection it took between the snapshot and the ending fails its query
      // instead of being reported by the pool.
      const endedPids = new Set(ended.map((backend) => backend.pid));
      await until('the ended sessions leaving pg_stat_activity', async () =>
        (await appBackends(operator)).every((backend) => !endedPids.has(backend.pid)),
      );
      await until('the pool reporting the connections it lost', () => lossesReported() > 0);

      // The request reads the user's row (requireAuth) and every connection the app had is gone:
      // it can only succeed on one the pool has opened since.
      const me = await server.app.inject({ method: 'GET', url: `${API}/me`, headers: authHeaders(owner.access_token) });
      expect(me.statusCode).toBe(200);
      expect(me.json().email).toBe(owner.user.email);
    } finally {
      await operator.end();
      await server.stop();
    }
  });
});
