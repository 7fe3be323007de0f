import { afterEach, describe, expect, it } from 'vitest';
import { API, createTestApp, type TestApp } from '../helpers/server';
import { appForSuite } from '../helpers/suite-fixtures';

// Readiness times out the database's answer; a loaded test machine must not make the test depend on it.
const PATIENT = { READINESS_DATABASE_TIMEOUT_MS: '60000' };

describe('GET /health', () => {
  const t = appForSuite({ env: PATIENT });

  it('answers ok without authentication', async () => {
    const response = await t.app.inject({ method: 'GET', url: `${API}/health` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('answers ready without authentication once the app is ready and its database answers', async () => {
    const response = await t.app.inject({ method: 'GET', url: `${API}/health/ready` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ready' });
  });
});

describe('GET /health/ready when the process should not be sent traffic', () => {
  let own: TestApp | undefined;
  afterEach(async () => {
    await own?.close().catch(() => undefined);
    own = undefined;
  });

  it('answers 503 NOT_READY_DRAINING once the process is stopping (SIGTERM), while liveness still answers', async () => {
    own = await createTestApp({ env: { ...PATIENT, JOB_WORKERS: 'false' } });
    // What server.ts does first on SIGTERM, before it closes the app.
    own.deps.readiness.markDraining();
    const ready = await own.app.inject({ method: 'GET', url: `${API}/health/ready` });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ code: 'NOT_READY_DRAINING', detail: 'The server is stopping' });
    expect((await own.app.inject({ method: 'GET', url: `${API}/health` })).statusCode).toBe(200);
  });

  it('answers 503 NOT_READY_DATABASE when the database does not answer', async () => {
    own = await createTestApp({ env: { JOB_WORKERS: 'false' } });
    await own.database.close();
    const ready = await own.app.inject({ method: 'GET', url: `${API}/health/ready` });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ code: 'NOT_READY_DATABASE', detail: 'The database is not answering' });
  });
});
