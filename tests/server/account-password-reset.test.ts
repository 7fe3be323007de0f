/**
 * "Forgot password?": POST /auth/password/forgot mails a single-use, expiring link (only to an
 * address with an account, with the same answer either way); POST /auth/password/reset sets the
 * new password from it and signs the account out everywhere. Mail arrives at a real SMTP server.
 */
import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PASSWORD_RESET_TTL_MINUTES, RESET_REQUESTED_MESSAGE } from '../../src/contract/account';
import { accountTokens, auditEvents, users } from '../../server/src/db/schema/index';
import { API, TEST_PASSWORD, login, registerOwner, uniqueEmail } from '../helpers/server';
import { startFreshRateWindow } from '../helpers/rate-window';
import { appForSuite, startedForSuite } from '../helpers/suite-fixtures';
import { startTestSmtpServer, type ReadMail } from '../helpers/mail';

const NEW_PASSWORD = 'a brand new passphrase';

function resetSecretIn(mail: ReadMail): string {
  const link = /https:\/\/mosaic\.example\.com\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail.text);
  if (!link?.[1]) throw new Error(`no reset link in:\n${mail.text}`);
  return link[1];
}

describe('password reset by email link', () => {
  const smtp = startedForSuite(() => startTestSmtpServer());
  const t = appForSuite(() => ({ env: { SMTP_URL: smtp.url, PUBLIC_URL: 'https://mosaic.example.com' } }));
  afterEach(() => {
    vi.useRealTimers();
  });

  const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url: `${API}${url}`, payload });
  const forgot = (email: string) => post('/auth/password/forgot', { email });
  const reset = (token: string, password = NEW_PASSWORD) => post('/auth/password/reset', { token, password });

  async function mailedSecret(email: string): Promise<{ secret: string; mail: ReadMail }> {
    const arriving = smtp.nextMailTo(email);
    expect((await forgot(email)).statusCode).toBe(202);
    const mail = await arriving;
    return { secret: resetSecretIn(mail), mail };
  }

  it('mails the account a single-use link with its expiry; the answer names no account', async () => {
    const owner = await registerOwner(t.app);
    const { mail, secret } = await mailedSecret(owner.email);
    expect(mail.subject).toBe('Reset your Mosaic password');
    expect(mail.from).toContain('mosaic@localhost');
    expect(mail.text).toContain(`The link works once and expires in ${PASSWORD_RESET_TTL_MINUTES} minutes.`);
    expect(mail.html).toContain(`https://mosaic.example.com/reset-password?token=${secret}`);
    // Only the hash is stored.
    const stored = await t.database.db.select().from(accountTokens).where(eq(accountTokens.userId, owner.user.id));
    expect(stored).toHaveLength(1);
    expect(stored[0]!.tokenHash).not.toContain(secret);
    expect(stored[0]!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('answers an unknown address exactly as a known one, and mails nobody', async () => {
    const owner = await registerOwner(t.app);
    const unknown = uniqueEmail();
    const strangerAnswer = await forgot(unknown);
    const { secret } = await mailedSecret(owner.email);
    expect(secret).not.toBe('');
    const ownerAnswer = await forgot(owner.email);
    expect(strangerAnswer.statusCode).toBe(202);
    expect(strangerAnswer.json()).toEqual({ message: RESET_REQUESTED_MESSAGE });
    expect(ownerAnswer.json()).toEqual(strangerAnswer.json());
    expect(smtp.received.some((mail) => mail.to.includes(unknown))).toBe(false);
  });

  it('sets the new password, signs every session out, audits, and tells the owner', async () => {
    const owner = await registerOwner(t.app);
    const laptop = await login(t.app, owner.email);
    const { secret } = await mailedSecret(owner.email);
    const notice = smtp.nextMailTo(owner.email);

    const done = await reset(secret);
    expect(done.statusCode).toBe(204);

    for (const session of [owner, laptop]) {
      const refreshed = await post('/refresh', { refresh_token: session.refresh_token });
      expect(refreshed.statusCode).toBe(401);
      // The access tokens end with the sessions, not when they expire (up to 15 minutes later).
      const me = await t.app.inject({ method: 'GET', url: `${API}/me`, headers: { authorization: `Bearer ${session.access_token}` } });
      expect(me.statusCode).toBe(401);
    }
    expect((await post('/login', { email: owner.email, password: TEST_PASSWORD })).statusCode).toBe(401);
    expect((await post('/login', { email: owner.email, password: NEW_PASSWORD })).statusCode).toBe(200);

    const [event] = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'account.password_reset'), eq(auditEvents.targetId, owner.user.id)));
    expect(event).toMatchObject({ actorUserId: owner.user.id, actorEmail: owner.email, orgId: owner.user.org_id });
    const told = await notice;
    expect(told.subject).toBe('Your Mosaic password was changed');
    expect(told.text).toContain('Every device that was signed in to it was signed out at once.');
  });

  it('a link works once: used again it is refused and changes nothing', async () => {
    const owner = await registerOwner(t.app);
    const { secret } = await mailedSecret(owner.email);
    expect((await reset(secret)).statusCode).toBe(204);
    const again = await reset(secret, 'yet another passphrase');
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({
      detail: 'This password reset link is not valid: it has been used or replaced by a newer one. Ask for a new link.',
      code: 'ACCOUNT_LINK_INVALID',
    });
    expect((await post('/login', { email: owner.email, password: NEW_PASSWORD })).statusCode).toBe(200);
  });

  it('a newer link replaces the older one', async () => {
    const owner = await registerOwner(t.app);
    const first = await mailedSecret(owner.email);
    const second = await mailedSecret(owner.email);
    expect((await reset(first.secret)).statusCode).toBe(404);
    expect((await reset(second.secret)).statusCode).toBe(204);
  });

  it('expires after its lifetime (controlled clock): 410, password unchanged', async () => {
    const owner = await registerOwner(t.app);
    const { secret } = await mailedSecret(owner.email);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + PASSWORD_RESET_TTL_MINUTES * 60_000 + 1_000);
    const late = await reset(secret);
    vi.useRealTimers();
    expect(late.statusCode).toBe(410);
    expect(late.json()).toEqual({ detail: 'This password reset link has expired. Ask for a new link.', code: 'ACCOUNT_LINK_EXPIRED' });
    expect((await post('/login', { email: owner.email, password: TEST_PASSWORD })).statusCode).toBe(200);
  });

  it('still works a moment before it expires', async () => {
    const owner = await registerOwner(t.app);
    const { secret } = await mailedSecret(owner.email);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + PASSWORD_RESET_TTL_MINUTES * 60_000 - 5_000);
    const inTime = await reset(secret);
    vi.useRealTimers();
    expect(inTime.statusCode).toBe(204);
  });

  it('a suspended account gets the same answer and no link', async () => {
    const owner = await registerOwner(t.app);
    await t.database.db.update(users).set({ disabled: true }).where(eq(users.id, owner.user.id));
    expect((await forgot(owner.email)).json()).toEqual({ message: RESET_REQUESTED_MESSAGE });
    expect(await t.database.db.select().from(accountTokens).where(eq(accountTokens.userId, owner.user.id))).toEqual([]);
  });

  it('names the rule a new password breaks, and refuses made-up tokens', async () => {
    const owner = await registerOwner(t.app);
    const { secret } = await mailedSecret(owner.email);
    const short = await reset(secret, 'short');
    expect(short.statusCode).toBe(422);
    expect(short.json().errors).toEqual([{ field: 'password', message: 'Password must be at least 8 characters' }]);
    expect((await reset('not-a-real-token')).statusCode).toBe(404);
    // The refused attempt did not use the link up.
    expect((await reset(secret)).statusCode).toBe(204);
  });
});

describe('password reset rate limit', () => {
  const t = appForSuite({ env: { AUTH_RATE_LIMIT_MAX: '2' } });
  beforeEach(startFreshRateWindow);
  afterEach(() => vi.useRealTimers());

  it('limits requests per address and email, whether or not the address has an account', async () => {
    const email = uniqueEmail();
    const ask = () => t.app.inject({ method: 'POST', url: `${API}/auth/password/forgot`, payload: { email } });
    expect((await ask()).statusCode).toBe(202);
    expect((await ask()).statusCode).toBe(202);
    const refused = await ask();
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
  });
});
