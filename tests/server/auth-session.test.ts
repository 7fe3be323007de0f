import argon2 from 'argon2';
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { User } from '../../src/contract/auth';
import { refreshTokens, users } from '../../server/src/db/schema/index';
import { hashRefreshToken } from '../../server/src/services/refresh-tokens';
import {
  API,
  TEST_JWT_SECRET,
  TEST_PASSWORD,
  authHeaders,
  login,
  registerOwner,
  uniqueEmail,
} from '../helpers/server';
import { appForSuite, preparedForSuite } from '../helpers/suite-fixtures';

const secretKey = new TextEncoder().encode(TEST_JWT_SECRET);

/** A token signed with the server's key, as an attacker who stole a token could hold it. */
function signToken(claims: { sub: string; role: string; org: string | null }, expiresAt: number, key = secretKey) {
  return new SignJWT({ role: claims.role, org: claims.org })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(claims.sub)
    .setIssuer('mosaic')
    .setAudience('mosaic-api')
    .setIssuedAt(expiresAt - 60)
    .setExpirationTime(expiresAt)
    .sign(key);
}

/** A token with exactly the given iat/exp (iat left out when not given). */
function signTokenAt(claims: { sub: string; role: string; org: string | null }, times: { iat?: number; exp: number }) {
  const token = new SignJWT({ role: claims.role, org: claims.org })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(claims.sub)
    .setIssuer('mosaic')
    .setAudience('mosaic-api')
    .setExpirationTime(times.exp);
  if (times.iat !== undefined) token.setIssuedAt(times.iat);
  return token.sign(secretKey);
}

describe('sign-in, tokens and /me', () => {
  const t = appForSuite();
  const owner = preparedForSuite(() => registerOwner(t.app, { name: 'Grace Hopper' }));

  const post = (url: string, payload: unknown) => t.app.inject({ method: 'POST', url: `${API}${url}`, payload: payload as object });
  const me = (token: string) => t.app.inject({ method: 'GET', url: `${API}/me`, headers: authHeaders(token) });
  /** Test set-up: moves a token's rotation `seconds` into the past instead of waiting. */
  const ageRotation = (token: string, seconds: number) =>
    t.database.db
      .update(refreshTokens)
      .set({ revokedAt: new Date(Date.now() - seconds * 1000) })
      .where(eq(refreshTokens.tokenHash, hashRefreshToken(token)));

  describe('POST /login', () => {
    it('returns a bearer token pair and the user record', async () => {
      const response = await post('/login', { email: owner.email, password: TEST_PASSWORD });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.token_type).toBe('bearer');
      expect(typeof body.access_token).toBe('string');
      expect(typeof body.refresh_token).toBe('string');
      expect(body.user).toEqual({
        id: owner.user.id,
        email: owner.email,
        name: 'Grace Hopper',
        role: 'org_owner',
        org_id: owner.user.org_id,
      });
    });

    it('accepts the email in any case and with surrounding spaces', async () => {
      const response = await post('/login', { email: `  ${owner.email.toUpperCase()} `, password: TEST_PASSWORD });
      expect(response.statusCode).toBe(200);
    });

    it('gives the same 401 for a wrong password and for an unknown email', async () => {
      const wrongPassword = await post('/login', { email: owner.email, password: 'not the password' });
      const unknownEmail = await post('/login', { email: uniqueEmail(), password: TEST_PASSWORD });
      expect(wrongPassword.statusCode).toBe(401);
      expect(unknownEmail.statusCode).toBe(401);
      expect(wrongPassword.json()).toEqual({ detail: 'Incorrect email or password', code: 'UNAUTHORIZED' });
      expect(unknownEmail.json()).toEqual(wrongPassword.json());
    });

    it('runs one real argon2 verify for an unknown email, as for a wrong password (no timing oracle)', async () => {
      // Counted, not timed: the same work is proven by the same call with a hash of the same cost.
      const verify = vi.spyOn(argon2, 'verify');
      try {
        await post('/login', { email: owner.email, password: 'not the password' });
        await post('/login', { email: uniqueEmail(), password: 'not the password' });
        expect(verify).toHaveBeenCalledTimes(2);
        const [knownHash, unknownHash] = verify.mock.calls.map(([hash]) => hash);
        const costOf = (hash: string | undefined) => /^\$argon2id\$v=19\$([^$]+)\$/.exec(hash ?? '')?.[1];
        expect(costOf(unknownHash)).toBe('m=19456,p=1,t=2');
        expect(costOf(unknownHash)).toBe(costOf(knownHash));
        // The dummy verify really ran (and failed) rather than being skipped.
        expect(await verify.mock.results[1]!.value).toBe(false);
      } finally {
        verify.mockRestore();
      }
    });

    it('upgrades a password hash made with older argon2 parameters at sign-in', async () => {
      const legacy = await argon2.hash(TEST_PASSWORD, { type: argon2.argon2id, memoryCost: 65_536, timeCost: 3, parallelism: 4 });
      await t.database.db.update(users).set({ passwordHash: legacy }).where(eq(users.id, owner.user.id));
      expect((await post('/login', { email: owner.email, password: TEST_PASSWORD })).statusCode).toBe(200);
      const [row] = await t.database.db.select().from(users).where(eq(users.id, owner.user.id));
      expect(row!.passwordHash).not.toBe(legacy);
      expect(row!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
      expect((await post('/login', { email: owner.email, password: TEST_PASSWORD })).statusCode).toBe(200);
    });

    it.each([
      [{ password: TEST_PASSWORD }, 'email'],
      [{ email: 'not-an-email', password: TEST_PASSWORD }, 'email'],
      [{ email: 'a@b.co' }, 'password'],
      [{ email: 'a@b.co', password: 12345678 }, 'password'],
    ])('answers 422 naming the bad field for %j', async (payload, field) => {
      const response = await post('/login', payload);
      expect(response.statusCode).toBe(422);
      const body = response.json();
      expect(body.detail).toBe('Validation error');
      expect(body.code).toBe('VALIDATION_ERROR');
      expect(body.errors.map((error: { field: string }) => error.field)).toContain(field);
    });
  });

  describe('GET /me', () => {
    it('returns the signed-in user', async () => {
      const response = await me(owner.access_token);
      expect(response.statusCode).toBe(200);
      expect(response.json<User>()).toEqual(owner.user);
    });

    it('answers 401 Not authenticated without a bearer token', async () => {
      const response = await t.app.inject({ method: 'GET', url: `${API}/me` });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ detail: 'Not authenticated', code: 'UNAUTHORIZED' });
      expect(response.headers['www-authenticate']).toBe('Bearer');
    });

    it.each(['Basic abc', 'Bearer', 'Bearer not.a.jwt', 'Token x'])('answers 401 for the header %j', async (header) => {
      const response = await t.app.inject({ method: 'GET', url: `${API}/me`, headers: { authorization: header } });
      expect(response.statusCode).toBe(401);
      expect(response.json().detail).toBe('Not authenticated');
    });

    it("answers 'Token expired' for an expired token", async () => {
      const claims = { sub: owner.user.id, role: 'org_owner', org: owner.user.org_id };
      const expired = await signToken(claims, Math.floor(Date.now() / 1000) - 10);
      const response = await me(expired);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ detail: 'Token expired', code: 'TOKEN_EXPIRED' });
    });

    it('rejects a token signed with another key', async () => {
      const claims = { sub: owner.user.id, role: 'org_owner', org: owner.user.org_id };
      const forged = await signToken(claims, Math.floor(Date.now() / 1000) + 600, new TextEncoder().encode('x'.repeat(64)));
      const response = await me(forged);
      expect(response.statusCode).toBe(401);
      expect(response.json().detail).toBe('Not authenticated');
    });

    it('answers 401, not 500, for a correctly signed token whose subject or organisation is not a UUID', async () => {
      const now = Math.floor(Date.now() / 1000);
      for (const claims of [
        { sub: 'not-a-uuid', role: 'org_owner', org: owner.user.org_id },
        { sub: "1' OR '1'='1", role: 'org_owner', org: owner.user.org_id },
        { sub: owner.user.id, role: 'org_owner', org: 'not-a-uuid' },
      ]) {
        const response = await me(await signTokenAt(claims, { iat: now, exp: now + 600 }));
        expect(response.statusCode, JSON.stringify(claims)).toBe(401);
        expect(response.json()).toEqual({ detail: 'Not authenticated', code: 'UNAUTHORIZED' });
      }
    });

    it('refuses a token it accepted before once any byte of its signature or claims is changed', async () => {
      // The process remembers tokens it checked (services/verified-tokens.ts): a changed one is checked in full again.
      const session = await login(t.app, owner.email);
      expect((await me(session.access_token)).statusCode).toBe(200);
      const [header, payload, signature] = session.access_token.split('.') as [string, string, string];
      const flipped = (text: string) => `${text.slice(0, -2)}${text.at(-2) === 'A' ? 'B' : 'A'}${text.at(-1)}`;
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
      const promoted = Buffer.from(JSON.stringify({ ...claims, role: 'system_admin' })).toString('base64url');
      for (const altered of [`${header}.${payload}.${flipped(signature)}`, `${header}.${promoted}.${signature}`]) {
        const response = await me(altered);
        expect(response.statusCode).toBe(401);
        expect(response.json()).toEqual({ detail: 'Not authenticated', code: 'UNAUTHORIZED' });
      }
      expect((await me(session.access_token)).statusCode).toBe(200);
    });

    it('refuses a token it accepted before at the next request once the account is suspended, and accepts it again once reinstated', async () => {
      const person = await registerOwner(t.app);
      expect((await me(person.access_token)).statusCode).toBe(200);
      await t.database.db.update(users).set({ disabled: true }).where(eq(users.id, person.user.id));
      const refused = await me(person.access_token);
      expect(refused.statusCode).toBe(401);
      expect(refused.json().code).toBe('ACCOUNT_SUSPENDED');
      await t.database.db.update(users).set({ disabled: false }).where(eq(users.id, person.user.id));
      expect((await me(person.access_token)).statusCode).toBe(200);
    });

    it('rejects an unsigned (alg none) token', async () => {
      const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
      const payload = { sub: owner.user.id, role: 'system_admin', org: null, exp: Math.floor(Date.now() / 1000) + 600 };
      const unsigned = `${encode({ alg: 'none', typ: 'JWT' })}.${encode(payload)}.`;
      expect((await me(unsigned)).statusCode).toBe(401);
    });

    it('issues access tokens that live at most 15 minutes and carry sub, role and org', async () => {
      const [, payload] = owner.access_token.split('.');
      const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
      expect(claims.sub).toBe(owner.user.id);
      expect(claims.role).toBe('org_owner');
      expect(claims.org).toBe(owner.user.org_id);
      expect(claims.exp - claims.iat).toBeLessThanOrEqual(900);
      expect(claims.exp - claims.iat).toBe(t.config.accessTokenTtlSeconds);
    });
  });

  describe('POST /refresh', () => {
    it('rotates: returns a new pair, and the new tokens work', async () => {
      const session = await login(t.app, owner.email);
      const response = await post('/refresh', { refresh_token: session.refresh_token });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.refresh_token).not.toBe(session.refresh_token);
      expect((await me(body.access_token)).statusCode).toBe(200);
      expect((await post('/refresh', { refresh_token: body.refresh_token })).statusCode).toBe(200);
    });

    it('treats reuse of a rotated token after the grace window as theft: 401 and the whole family is revoked', async () => {
      const session = await login(t.app, owner.email);
      const rotated = (await post('/refresh', { refresh_token: session.refresh_token })).json();
      await ageRotation(session.refresh_token, t.config.refreshReuseGraceSeconds + 1);
      const reuse = await post('/refresh', { refresh_token: session.refresh_token });
      expect(reuse.statusCode).toBe(401);
      expect(reuse.json()).toEqual({ detail: 'Invalid refresh token', code: 'UNAUTHORIZED' });
      // The legitimate holder's newer token is dead too.
      const afterReuse = await post('/refresh', { refresh_token: rotated.refresh_token });
      expect(afterReuse.statusCode).toBe(401);
    });

    it('leaves other sessions of the same user alone when one family is revoked', async () => {
      const first = await login(t.app, owner.email);
      const second = await login(t.app, owner.email);
      await post('/refresh', { refresh_token: first.refresh_token });
      await ageRotation(first.refresh_token, t.config.refreshReuseGraceSeconds + 1);
      expect((await post('/refresh', { refresh_token: first.refresh_token })).statusCode).toBe(401);
      expect((await post('/refresh', { refresh_token: second.refresh_token })).statusCode).toBe(200);
    });

    it('answers 401 for an unknown token and 422 for a missing one', async () => {
      expect((await post('/refresh', { refresh_token: 'made-up-token' })).statusCode).toBe(401);
      const missing = await post('/refresh', {});
      expect(missing.statusCode).toBe(422);
      expect(missing.json().errors[0].field).toBe('refresh_token');
    });
  });

  describe('POST /logout', () => {
    it('answers 204 and revokes that session family', async () => {
      const session = await login(t.app, owner.email);
      const rotated = (await post('/refresh', { refresh_token: session.refresh_token })).json();
      const response = await post('/logout', { refresh_token: rotated.refresh_token });
      expect(response.statusCode).toBe(204);
      expect(response.body).toBe('');
      expect((await post('/refresh', { refresh_token: rotated.refresh_token })).statusCode).toBe(401);
    });

    it('answers 204 for an unknown or already revoked token', async () => {
      expect((await post('/logout', { refresh_token: 'never-issued' })).statusCode).toBe(204);
      const session = await login(t.app, owner.email);
      await post('/logout', { refresh_token: session.refresh_token });
      expect((await post('/logout', { refresh_token: session.refresh_token })).statusCode).toBe(204);
    });
  });
});

describe('refresh token expiry and access token lifetime', () => {
  const TTL = 120;
  const t = appForSuite({ env: { ACCESS_TOKEN_TTL_SECONDS: String(TTL) } });
  const owner = preparedForSuite(() => registerOwner(t.app));

  afterEach(() => vi.useRealTimers());

  const me = (token: string) => t.app.inject({ method: 'GET', url: `${API}/me`, headers: authHeaders(token) });
  const claims = () => ({ sub: owner.user.id, role: 'org_owner', org: owner.user.org_id });
  const nowSeconds = () => Math.floor(Date.now() / 1000);

  it('answers 401 once a refresh token has expired', async () => {
    const session = await login(t.app, owner.email);
    // Test set-up: age the stored token instead of waiting 30 days.
    await t.database.db
      .update(refreshTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(refreshTokens.tokenHash, hashRefreshToken(session.refresh_token)));
    const response = await t.app.inject({ method: 'POST', url: `${API}/refresh`, payload: { refresh_token: session.refresh_token } });
    expect(response.statusCode).toBe(401);
    expect(response.json().detail).toBe('Refresh token expired');
  });

  it('accepts an issued access token until ACCESS_TOKEN_TTL_SECONDS have passed, then answers Token expired', async () => {
    const { iat, exp } = JSON.parse(Buffer.from(owner.access_token.split('.')[1]!, 'base64url').toString()) as { iat: number; exp: number };
    expect(exp - iat).toBe(TTL);
    // The server's clock (Date only: timers and the database run as usual) set to chosen instants.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime((exp - 1) * 1000 + 999);
    expect((await me(owner.access_token)).statusCode).toBe(200);
    vi.setSystemTime(exp * 1000);
    const response = await me(owner.access_token);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ detail: 'Token expired', code: 'TOKEN_EXPIRED' });
  });

  it('refuses a correctly signed token that lives longer than the configured TTL (a ten-year token)', async () => {
    const iat = nowSeconds();
    const tenYears = await signTokenAt(claims(), { iat, exp: iat + 10 * 365 * 24 * 3600 });
    const response = await me(tenYears);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ detail: 'Not authenticated', code: 'UNAUTHORIZED' });
    const oneSecondTooLong = await signTokenAt(claims(), { iat, exp: iat + TTL + 1 });
    expect((await me(oneSecondTooLong)).statusCode).toBe(401);
    expect((await me(await signTokenAt(claims(), { iat, exp: iat + TTL }))).statusCode).toBe(200);
  });

  it('refuses a token issued in the future beyond 30 seconds of clock skew, and one without iat', async () => {
    const now = nowSeconds();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(now * 1000);
    const farFuture = await signTokenAt(claims(), { iat: now + 31, exp: now + 31 + 60 });
    expect((await me(farFuture)).statusCode).toBe(401);
    const withinSkew = await signTokenAt(claims(), { iat: now + 30, exp: now + 30 + 60 });
    expect((await me(withinSkew)).statusCode).toBe(200);
    const withoutIat = await signTokenAt(claims(), { exp: now + 60 });
    expect((await me(withoutIat)).statusCode).toBe(401);
  });
});
