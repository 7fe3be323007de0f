import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEvents, refreshTokens } from '../../server/src/db/schema/index';
import { hashRefreshToken } from '../../server/src/services/refresh-tokens';
import { API, authHeaders, createTestApp, login, registerOwner, type TestApp } from '../helpers/server';
import { appForSuite, preparedForSuite } from '../helpers/suite-fixtures';

interface TokenPair {
  access_token: string;
  refresh_token: string;
}

describe('refresh grace window: a just-rotated token yields the same successor', () => {
  const t = appForSuite();
  const owner = preparedForSuite(() => registerOwner(t.app));

  const refresh = (token: string, remoteAddress = '198.51.100.20') =>
    t.app.inject({ method: 'POST', url: `${API}/refresh`, payload: { refresh_token: token }, remoteAddress });
  const me = (token: string) => t.app.inject({ method: 'GET', url: `${API}/me`, headers: authHeaders(token) });
  /** Test set-up: moves a token's rotation `seconds` into the past instead of waiting. */
  const ageRotation = (token: string, seconds: number) =>
    t.database.db
      .update(refreshTokens)
      .set({ revokedAt: new Date(Date.now() - seconds * 1000) })
      .where(eq(refreshTokens.tokenHash, hashRefreshToken(token)));

  it('is 30 seconds unless configured', () => {
    expect(t.config.refreshReuseGraceSeconds).toBe(30);
  });

  it('two concurrent refreshes with one token both succeed with the same new refresh token', async () => {
    const session = await login(t.app, owner.email);
    const [first, second] = await Promise.all([refresh(session.refresh_token), refresh(session.refresh_token)]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    const [a, b] = [first.json<TokenPair>(), second.json<TokenPair>()];
    expect(a.refresh_token).toBe(b.refresh_token);
    expect(a.refresh_token).not.toBe(session.refresh_token);
    // Each answer carries its own fresh access token, and both work.
    expect(a.access_token).not.toBe(b.access_token);
    expect((await me(a.access_token)).statusCode).toBe(200);
    expect((await me(b.access_token)).statusCode).toBe(200);
    // The shared successor is live: the session goes on.
    expect((await refresh(a.refresh_token)).statusCode).toBe(200);
  });

  it('a retry after the successor was itself rotated follows the chain to the live token', async () => {
    const session = await login(t.app, owner.email);
    const second = (await refresh(session.refresh_token)).json<TokenPair>();
    const third = (await refresh(second.refresh_token)).json<TokenPair>();
    const retry = await refresh(session.refresh_token);
    expect(retry.statusCode).toBe(200);
    expect(retry.json<TokenPair>().refresh_token).toBe(third.refresh_token);
    expect((await refresh(third.refresh_token)).statusCode).toBe(200);
  });

  it('does not bring back a session that was signed out', async () => {
    const session = await login(t.app, owner.email);
    const rotated = (await refresh(session.refresh_token)).json<TokenPair>();
    await t.app.inject({ method: 'POST', url: `${API}/logout`, payload: { refresh_token: rotated.refresh_token } });
    expect((await refresh(session.refresh_token)).statusCode).toBe(401);
    expect((await refresh(rotated.refresh_token)).statusCode).toBe(401);
  });

  it('outside the window: 401, the family is revoked and the reuse is in the audit log', async () => {
    const session = await login(t.app, owner.email);
    const rotated = (await refresh(session.refresh_token)).json<TokenPair>();
    await ageRotation(session.refresh_token, 31);
    const reuse = await refresh(session.refresh_token, '203.0.113.99');
    expect(reuse.statusCode).toBe(401);
    expect((await refresh(rotated.refresh_token)).statusCode).toBe(401);

    const [row] = await t.database.db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, hashRefreshToken(session.refresh_token)));
    const events = await t.database.db.select().from(auditEvents).where(eq(auditEvents.action, 'auth.refresh_reuse'));
    const event = events.find((entry) => entry.targetId === row!.familyId);
    expect(event).toMatchObject({
      actorUserId: owner.user.id,
      actorEmail: owner.email,
      orgId: owner.user.org_id,
      targetType: 'refresh_token_family',
      ipAddress: '203.0.113.99',
    });
  });

  it('a retry within the window is not recorded as reuse', async () => {
    const before = (await t.database.db.select().from(auditEvents).where(eq(auditEvents.action, 'auth.refresh_reuse'))).length;
    const session = await login(t.app, owner.email);
    await refresh(session.refresh_token);
    await refresh(session.refresh_token);
    const after = (await t.database.db.select().from(auditEvents).where(eq(auditEvents.action, 'auth.refresh_reuse'))).length;
    expect(after).toBe(before);
  });
});

describe('refresh grace window across processes and settings', () => {
  it('another process sharing the database answers a retry with the same successor', async () => {
    const first = await createTestApp();
    const second = await createTestApp({ database: first.database });
    try {
      const owner = await registerOwner(first.app);
      const post = (app: TestApp, token: string) =>
        app.app.inject({ method: 'POST', url: `${API}/refresh`, payload: { refresh_token: token } });
      const rotated = await post(first, owner.refresh_token);
      const retried = await post(second, owner.refresh_token);
      expect(retried.statusCode).toBe(200);
      expect(retried.json<TokenPair>().refresh_token).toBe(rotated.json<TokenPair>().refresh_token);
    } finally {
      await second.close();
      await first.close();
    }
  });

  it('REFRESH_REUSE_GRACE_SECONDS=0 turns the window off: an immediate second use is reuse', async () => {
    const t = await createTestApp({ env: { REFRESH_REUSE_GRACE_SECONDS: '0' } });
    try {
      const owner = await registerOwner(t.app);
      const post = (token: string) => t.app.inject({ method: 'POST', url: `${API}/refresh`, payload: { refresh_token: token } });
      const rotated = (await post(owner.refresh_token)).json<TokenPair>();
      expect((await post(owner.refresh_token)).statusCode).toBe(401);
      expect((await post(rotated.refresh_token)).statusCode).toBe(401);
    } finally {
      await t.close();
    }
  });
});
