import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, TEST_PASSWORD, createTestApp, registerOwner, uniqueEmail, type TestApp } from '../helpers/server';

describe('rate limits on sign-in routes', () => {
  const LIMIT = 3;
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { AUTH_RATE_LIMIT_MAX: String(LIMIT) } });
  });
  afterAll(() => t.close());

  const post = (url: string, payload: object, ip = '203.0.113.7') =>
    t.app.inject({ method: 'POST', url: `${API}${url}`, payload, remoteAddress: ip });

  it('answers 429 Too many requests after AUTH_RATE_LIMIT_MAX logins a minute for one email', async () => {
    const email = uniqueEmail();
    for (let attempt = 0; attempt < LIMIT; attempt++) {
      expect((await post('/login', { email, password: 'wrong-password' })).statusCode).toBe(401);
    }
    const blocked = await post('/login', { email, password: 'wrong-password' });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ detail: 'Too many requests', code: 'RATE_LIMITED' });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('counts per address: another address may still try the same email', async () => {
    const email = uniqueEmail();
    for (let attempt = 0; attempt <= LIMIT; attempt++) await post('/login', { email, password: 'x' }, '198.51.100.1');
    expect((await post('/login', { email, password: 'x' }, '198.51.100.1')).statusCode).toBe(429);
    expect((await post('/login', { email, password: 'x' }, '198.51.100.2')).statusCode).toBe(401);
  });

  it('caps one address across many emails at five times the limit', async () => {
    const ip = '192.0.2.55';
    const statuses: number[] = [];
    for (let attempt = 0; attempt < LIMIT * 5 + 1; attempt++) {
      statuses.push((await post('/login', { email: uniqueEmail(), password: 'x' }, ip)).statusCode);
    }
    expect(statuses.slice(0, LIMIT * 5).every((status) => status === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it('limits /register, /register/with-domain and /refresh too', async () => {
    const cases: Array<[string, () => object]> = [
      ['/register', () => ({ email: 'same@limit.example.com', password: 'short', name: 'x', org_name: 'y' })],
      ['/register/with-domain', () => ({ email: 'same@limit.example.com', password: 'short', name: 'x', choice: 'join_existing' })],
      ['/refresh', () => ({ refresh_token: 'nope' })],
    ];
    for (const [url, payload] of cases) {
      const ip = `10.9.8.${cases.findIndex(([u]) => u === url) + 1}`;
      for (let attempt = 0; attempt < LIMIT; attempt++) expect((await post(url, payload(), ip)).statusCode).not.toBe(429);
      expect((await post(url, payload(), ip)).statusCode).toBe(429);
    }
  });
});

describe('logs', () => {
  it('never contain a password or a token, even at trace level', async () => {
    const t = await createTestApp({ captureLogs: true });
    try {
      const owner = await registerOwner(t.app, { password: 'Sup3r-Secret-Passw0rd' });
      const login = await t.app.inject({
        method: 'POST',
        url: `${API}/login`,
        payload: { email: owner.email, password: 'Sup3r-Secret-Passw0rd' },
        headers: { authorization: `Bearer ${owner.access_token}` },
      });
      const tokens = login.json();
      await t.app.inject({ method: 'POST', url: `${API}/refresh`, payload: { refresh_token: tokens.refresh_token } });
      await t.app.inject({ method: 'GET', url: `${API}/me`, headers: { authorization: `Bearer ${tokens.access_token}` } });
      // A failing request is logged with more detail; it must not leak either.
      await t.app.inject({ method: 'POST', url: `${API}/login`, payload: { email: owner.email, password: TEST_PASSWORD } });

      const output = t.logs.join('\n');
      expect(t.logs.length).toBeGreaterThan(5); // the log really was captured
      expect(output).toContain('incoming request');
      for (const secret of ['Sup3r-Secret-Passw0rd', TEST_PASSWORD, owner.access_token, owner.refresh_token, tokens.access_token, tokens.refresh_token]) {
        expect(output).not.toContain(secret);
      }
    } finally {
      await t.close();
    }
  });

  it('censor secrets wherever code logs an object holding them', async () => {
    const t = await createTestApp({ captureLogs: true });
    try {
      t.app.log.info(
        {
          req: { headers: { authorization: 'Bearer header-secret' } },
          password: 'top-level-secret',
          body: { password: 'body-secret', refresh_token: 'refresh-secret', access_token: 'access-secret' },
        },
        'object with secrets',
      );
      const line = t.logs.find((entry) => entry.includes('object with secrets'));
      expect(line).toBeDefined();
      for (const secret of ['header-secret', 'top-level-secret', 'body-secret', 'refresh-secret', 'access-secret']) {
        expect(line).not.toContain(secret);
      }
      expect(line).toContain('[redacted]');
    } finally {
      await t.close();
    }
  });
});
