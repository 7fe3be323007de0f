import { randomBytes } from 'node:crypto';
import { eq, lt } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { auditEvents, organizations, rateLimitCounters, users } from '../../server/src/db/schema/index';
import { MAX_BUCKET_KEY_LENGTH } from '../../server/src/plugins/rate-limit-store';
import { API, TEST_PASSWORD, login, registerOwner, uniqueEmail, type TestApp } from '../helpers/server';
import { startFreshRateWindow } from '../helpers/rate-window';
import { appForSuite } from '../helpers/suite-fixtures';

describe('rate limits on sign-in routes', () => {
  const LIMIT = 3;
  const t = appForSuite({ env: { AUTH_RATE_LIMIT_MAX: String(LIMIT) } });
  beforeEach(startFreshRateWindow);
  afterEach(() => vi.useRealTimers());

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

  it('a very long email is refused as a field error, not a 500, and still counted against its own limit', async () => {
    // Random, so the key cannot be compressed below the index's row limit by PostgreSQL.
    const long = `${randomBytes(6000).toString('base64url')}@example.com`;
    const first = await post('/login', { email: long, password: 'wrong-password' });
    expect(first.statusCode).toBe(422);
    expect(first.json()).toMatchObject({ code: 'VALIDATION_ERROR', errors: [{ field: 'email' }] });
    for (let attempt = 1; attempt < LIMIT; attempt++) expect((await post('/login', { email: long, password: 'x' })).statusCode).toBe(422);
    expect((await post('/login', { email: long, password: 'x' })).statusCode).toBe(429);
    // Bounded in the table, one key per distinct input.
    const keys = (await t.database.db.select({ bucket: rateLimitCounters.bucket }).from(rateLimitCounters)).map((row) => row.bucket);
    expect(Math.max(...keys.map((key) => key.length))).toBeLessThanOrEqual(MAX_BUCKET_KEY_LENGTH + 80);
    expect((await post('/login', { email: `${long}x`, password: 'x' })).statusCode).toBe(422);
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

  it('ten tabs refreshing one session at once are one refresh; a refused refresh stays refused when sent again', async () => {
    const owner = await registerOwner(t.app);
    const tabs = await Promise.all(Array.from({ length: 10 }, () => post('/refresh', { refresh_token: owner.refresh_token })));
    expect(tabs.map((answer) => answer.statusCode)).toEqual(Array(10).fill(200));
    const successors = new Set(tabs.map((answer) => answer.json<{ refresh_token: string }>().refresh_token));
    expect(successors.size).toBe(1);
    // The session has used one of its LIMIT refreshes this minute, not ten.
    let token = [...successors][0]!;
    for (let used = 1; used < LIMIT; used++) {
      const next = await post('/refresh', { refresh_token: token });
      expect(next.statusCode).toBe(200);
      token = next.json<{ refresh_token: string }>().refresh_token;
    }
    const over = await post('/refresh', { refresh_token: token });
    expect(over.statusCode).toBe(429);
    const again = await post('/refresh', { refresh_token: token });
    expect(again.statusCode).toBe(429);
    expect(again.json()).toEqual({ detail: 'Too many requests', code: 'RATE_LIMITED' });
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(0);
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

describe('rate limits shared through the database', () => {
  const first = appForSuite({ env: { AUTH_RATE_LIMIT_MAX: '3' } });
  // A second server process on the same database.
  const second = appForSuite(() => ({ env: { AUTH_RATE_LIMIT_MAX: '3' }, database: first.database }));
  beforeEach(startFreshRateWindow);
  afterEach(() => vi.useRealTimers());

  it('two server processes on one database share one allowance', async () => {
    const email = uniqueEmail();
    const attempt = (t: TestApp) =>
      t.app.inject({ method: 'POST', url: `${API}/login`, payload: { email, password: 'wrong' }, remoteAddress: '198.51.100.77' });
    expect((await attempt(first)).statusCode).toBe(401);
    expect((await attempt(second)).statusCode).toBe(401);
    expect((await attempt(first)).statusCode).toBe(401);
    // In memory each process would still allow three; shared, the fourth is refused by either.
    expect((await attempt(second)).statusCode).toBe(429);
    expect((await attempt(first)).statusCode).toBe(429);
    const [audit] = await first.database.db.select().from(auditEvents).where(eq(auditEvents.action, 'auth.rate_limited'));
    expect(audit).toMatchObject({ ipAddress: '198.51.100.77', details: { route: '/api/v1/login', limit: 'address-email', max: 3 } });
  });

  it('twelve people behind one address refreshing normally never see 429; one session refreshing too often does', { timeout: 120_000 }, async () => {
    const people = [];
    for (let person = 0; person < 12; person++) people.push(await registerOwner(first.app));
    const refresh = (t: TestApp, token: string) =>
      t.app.inject({ method: 'POST', url: `${API}/refresh`, payload: { refresh_token: token }, remoteAddress: '203.0.113.200' });
    // Sign-up took a while on a loaded machine: the refreshes start in a window of their own.
    startFreshRateWindow();
    const statuses: number[] = [];
    for (const [index, person] of people.entries()) {
      let token = person.refresh_token;
      // Three refreshes each within the minute, through either process: 36 from one address,
      // far more than the allowance of one session (3).
      for (let round = 0; round < 3; round++) {
        const response = await refresh(index % 2 ? first : second, token);
        statuses.push(response.statusCode);
        token = response.json<{ refresh_token: string }>().refresh_token;
      }
    }
    expect(statuses.filter((status) => status !== 200)).toEqual([]);

    // One session refreshing a fourth time within the minute is refused.
    let token = (await login(first.app, people[0]!.email)).refresh_token;
    for (let round = 0; round < 3; round++) {
      const response = await refresh(second, token);
      expect(response.statusCode).toBe(200);
      token = response.json<{ refresh_token: string }>().refresh_token;
    }
    const blocked = await refresh(first, token);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('counts many requests for the same buckets at once, through two processes, each exactly once', async () => {
    const bucket = { bucket: `burst:${uniqueEmail()}`, max: 40 };
    const other = { bucket: `burst-address:${uniqueEmail()}`, max: 1_000 };
    // Thirty at once in each process (one person's tabs and scripts): counted together while a
    // statement for the same buckets is out, yet every request gets a count of its own.
    const results = await Promise.all(
      Array.from({ length: 60 }, (_, index) => (index % 2 ? first : second).deps.rateLimits.hit([bucket, other])),
    );
    const countsOf = (name: string) => results.map((result) => result.counted.find((entry) => entry.bucket === name)!.hits).sort((a, b) => a - b);
    const oneToSixty = Array.from({ length: 60 }, (_, index) => index + 1);
    expect(countsOf(bucket.bucket)).toEqual(oneToSixty);
    expect(countsOf(other.bucket)).toEqual(oneToSixty);
    // Exactly the hits past the allowance are refused.
    expect(results.filter((result) => result.exceeded.length > 0)).toHaveLength(20);
    expect(await first.deps.rateLimits.current(bucket)).toMatchObject({ hits: 60 });
  });

  it('sweeps counters of ended windows', async () => {
    const longAgo = new Date(Date.now() - 10 * 60_000);
    await first.database.db.insert(rateLimitCounters).values({ bucket: 'signin:address:/api/v1/login:192.0.2.1', windowStart: longAgo, hits: 99 });
    // The first count of a window in a process sweeps; this is a new window for both.
    await second.app.inject({ method: 'POST', url: `${API}/login`, payload: { email: uniqueEmail(), password: 'x' } });
    const ended = await first.database.db.select().from(rateLimitCounters).where(lt(rateLimitCounters.windowStart, new Date(Date.now() - 60_000)));
    expect(ended).toEqual([]);
    expect((await first.database.db.select().from(rateLimitCounters)).length).toBeGreaterThan(0);
  });
});

describe('logs', () => {
  const t = appForSuite({ captureLogs: true });

  it('never contain a password or a token, even at trace level', async () => {
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
    expect(output).toContain('request completed');
    for (const secret of ['Sup3r-Secret-Passw0rd', TEST_PASSWORD, owner.access_token, owner.refresh_token, tokens.access_token, tokens.refresh_token]) {
      expect(output).not.toContain(secret);
    }
  });

  it('censor secrets wherever code logs an object holding them', async () => {
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
  });

  it('write database errors without the values of the query', async () => {
    const owner = await registerOwner(t.app);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, owner.user.id));
    const secretName = `secret-org-name-${owner.user.id}`;
    const failures: unknown[] = [];
    // A value PostgreSQL refuses, next to a password hash, as a badly built query might send them.
    await t.database.db
      .insert(organizations)
      .values({ name: `${secretName}\u0000${row!.passwordHash}` })
      .catch((error: unknown) => failures.push(error));
    // A unique violation, whose detail echoes the value.
    await t.database.db
      .insert(users)
      .values({ email: owner.email, name: 'Copy', passwordHash: row!.passwordHash, role: 'org_member', orgId: owner.user.org_id })
      .catch((error: unknown) => failures.push(error));
    expect(failures).toHaveLength(2);
    for (const err of failures) t.app.log.error({ err }, 'query failed');

    const lines = t.logs.filter((line) => line.includes('query failed'));
    expect(lines).toHaveLength(2);
    const output = lines.join('\n');
    for (const secret of [secretName, row!.passwordHash, owner.email, '$argon2id$']) expect(output).not.toContain(secret);
    const [nul, duplicate] = lines.map((line) => JSON.parse(line) as { err: { message: string; db?: Record<string, unknown> } });
    // What is needed to diagnose stays: the statement (placeholders only), SQL state and constraint.
    expect(nul!.err.message).toContain('insert into "organizations"');
    expect(nul!.err.message).toContain('invalid byte sequence');
    expect(duplicate!.err.message).toContain('duplicate key value violates unique constraint');
    expect(nul!.err.db).toMatchObject({ code: '22021' });
    expect(duplicate!.err.db).toMatchObject({ code: '23505', constraint: 'users_email_lower_unique' });
    // The detail names the column but not the value: 'Key (lower(email))=([redacted]) already exists.'
    if (duplicate!.err.db!.detail !== undefined) expect(duplicate!.err.db!.detail).toContain('[redacted]');
  });

  it('replace secret query parameters in logged URLs', async () => {
    const urls = [
      `${API}/kb/uploads/target?token=upload-token-secret-1&part=2`,
      `${API}/integrations/ga4/oauth/callback?code=4%2Foauth-code-secret&state=oauth-state-secret&scope=analytics`,
      `/files/x?X-Amz-Signature=amz-signature-secret&X-Amz-Credential=amz-credential-secret&X-Amz-Expires=900`,
      `${API}/bad%ZZpath?token=bad-url-token-secret`,
    ];
    for (const url of urls) await t.app.inject({ method: 'GET', url });
    const output = t.logs.join('\n');
    for (const secret of ['upload-token-secret-1', 'oauth-code-secret', 'oauth-state-secret', 'amz-signature-secret', 'amz-credential-secret', 'bad-url-token-secret']) {
      expect(output).not.toContain(secret);
    }
    // The rest of each URL is kept for tracing.
    expect(output).toContain(`${API}/kb/uploads/target?token=[redacted]&part=2`);
    expect(output).toContain('code=[redacted]&state=[redacted]&scope=analytics');
    expect(output).toContain('X-Amz-Signature=[redacted]&X-Amz-Credential=[redacted]&X-Amz-Expires=900');
  });
});
