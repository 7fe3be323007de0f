import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, createTestApp, login, registerOwner, type TestApp } from '../helpers/server';

/** The warn lines the app wrote as `slow request`, parsed. */
function slowLines(t: TestApp): Array<Record<string, unknown>> {
  return t.logs.map((line) => JSON.parse(line) as Record<string, unknown>).filter((entry) => entry.msg === 'slow request');
}

describe('request log', () => {
  let slow: TestApp;
  let patient: TestApp;
  beforeAll(async () => {
    // A sign-in hashes with argon2 (tens of milliseconds by design), so it is past 1 ms on any machine.
    slow = await createTestApp({ captureLogs: true, env: { SLOW_REQUEST_MS: '1' } });
    patient = await createTestApp({ captureLogs: true, env: { SLOW_REQUEST_MS: '600000' } });
  });
  afterAll(async () => {
    await slow.close();
    await patient.close();
  });

  it('writes its one line at warn, naming the route pattern, method, status and time, for a request past the threshold', async () => {
    const owner = await registerOwner(slow.app);
    slow.logs.length = 0;
    await login(slow.app, owner.email);
    const lines = slowLines(slow);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 40, route: `${API}/login`, statusCode: 200, req: { method: 'POST', url: `${API}/login` } });
    expect(lines[0]!.elapsedMs).toEqual(expect.any(Number));
    // The pattern, never the URL: no query values or ids end up in it.
    expect(JSON.stringify(lines[0])).not.toContain(owner.email);
  });

  it('writes one info line per answered request under the threshold, and no slow line', async () => {
    const owner = await registerOwner(patient.app);
    patient.logs.length = 0;
    await login(patient.app, owner.email);
    expect(slowLines(patient)).toEqual([]);
    const completed = patient.logs.map((line) => JSON.parse(line) as Record<string, unknown>).filter((entry) => entry.msg === 'request completed');
    expect(completed).toHaveLength(1);
    expect(completed[0]).toMatchObject({ level: 30, route: `${API}/login`, statusCode: 200, req: { method: 'POST' } });
    // The arrival is a debug line only (captured here at trace), never a second info line.
    const arrivals = patient.logs.map((line) => JSON.parse(line) as Record<string, unknown>).filter((entry) => entry.msg === 'incoming request');
    expect(arrivals.map((entry) => entry.level)).toEqual([20]);
  });
});
