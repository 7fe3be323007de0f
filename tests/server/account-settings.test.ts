/**
 * The signed-in person's own account: name, password (other sessions signed out), email change
 * confirmed by a link to the new address (mail read from a real SMTP server), and the list of
 * signed-in devices with sign-out per device and of all the others at once. Every route needs a signed-in caller.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { EMAIL_CHANGE_TTL_HOURS, type AccountSession } from '../../src/contract/account';
import { auditEvents } from '../../server/src/db/schema/index';
import { API, TEST_PASSWORD, authHeaders, login, registerOwner, uniqueEmail } from '../helpers/server';
import { appForSuite, startedForSuite } from '../helpers/suite-fixtures';
import { startTestSmtpServer, type ReadMail } from '../helpers/mail';

const NEW_PASSWORD = 'a different passphrase';

function confirmSecretIn(mail: ReadMail): string {
  const link = /https:\/\/mosaic\.example\.com\/confirm-email\?token=([A-Za-z0-9_-]+)/.exec(mail.text);
  if (!link?.[1]) throw new Error(`no confirmation link in:\n${mail.text}`);
  return link[1];
}

describe('account settings', () => {
  const smtp = startedForSuite(() => startTestSmtpServer());
  const t = appForSuite(() => ({ env: { SMTP_URL: smtp.url, PUBLIC_URL: 'https://mosaic.example.com' } }));

  type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
  const call = (method: Method, url: string, token: string | null, payload?: object, userAgent?: string) =>
    t.app.inject({
      method,
      url: `${API}${url}`,
      headers: { ...(token ? authHeaders(token) : {}), ...(userAgent ? { 'user-agent': userAgent } : {}) },
      ...(payload ? { payload } : {}),
    });
  const post = (url: string, payload: object) => call('POST', url, null, payload);
  const auditOf = (action: string, userId: string) =>
    t.database.db.select().from(auditEvents).where(and(eq(auditEvents.action, action), eq(auditEvents.targetId, userId)));

  it('every account route refuses a caller without a valid token', async () => {
    for (const [method, url] of [
      ['PUT', '/account/profile'],
      ['POST', '/account/password'],
      ['POST', '/account/email'],
      ['GET', '/account/sessions'],
      ['DELETE', '/account/sessions/00000000-0000-0000-0000-000000000000'],
      ['POST', '/account/sessions/sign-out-others'],
    ] as const) {
      const response = await call(method, url, 'not-a-token', method === 'GET' || method === 'DELETE' ? undefined : {});
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('changes the name (trimmed), shown by /me, audited with before and after', async () => {
    const owner = await registerOwner(t.app, { name: 'Ada Owner' });
    const changed = await call('PUT', '/account/profile', owner.access_token, { name: '  Ada Lovelace ' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ id: owner.user.id, name: 'Ada Lovelace', email: owner.email });
    expect((await call('GET', '/me', owner.access_token)).json().name).toBe('Ada Lovelace');
    const [event] = await auditOf('account.name_changed', owner.user.id);
    expect(event?.details).toEqual({ from: 'Ada Owner', to: 'Ada Lovelace' });
    const blank = await call('PUT', '/account/profile', owner.access_token, { name: '   ' });
    expect(blank.json().errors).toEqual([{ field: 'name', message: 'Name is required' }]);
  });

  it('changes the password with the current one; other sessions end, this one stays', async () => {
    const owner = await registerOwner(t.app);
    const phone = await login(t.app, owner.email);
    const notice = smtp.nextMailTo(owner.email);

    const wrong = await call('POST', '/account/password', owner.access_token, { current_password: 'not it at all', new_password: NEW_PASSWORD });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual([{ field: 'current_password', message: 'Your current password is not correct' }]);
    const short = await call('POST', '/account/password', owner.access_token, { current_password: TEST_PASSWORD, new_password: 'short' });
    expect(short.json().errors).toEqual([{ field: 'new_password', message: 'Password must be at least 8 characters' }]);

    const changed = await call('POST', '/account/password', owner.access_token, { current_password: TEST_PASSWORD, new_password: NEW_PASSWORD });
    expect(changed.statusCode).toBe(204);
    // The other device's access token is refused at once; this device's keeps working.
    expect((await call('GET', '/me', phone.access_token)).statusCode).toBe(401);
    expect((await call('GET', '/me', owner.access_token)).statusCode).toBe(200);
    expect((await post('/refresh', { refresh_token: owner.refresh_token })).statusCode).toBe(200);
    expect((await post('/refresh', { refresh_token: phone.refresh_token })).statusCode).toBe(401);
    expect((await post('/login', { email: owner.email, password: TEST_PASSWORD })).statusCode).toBe(401);
    expect((await post('/login', { email: owner.email, password: NEW_PASSWORD })).statusCode).toBe(200);
    expect(await auditOf('account.password_changed', owner.user.id)).toHaveLength(1);
    const told = await notice;
    expect(told.subject).toBe('Your Mosaic password was changed');
    expect(told.text).toContain('the device the change was made on stays signed in');
  });

  it('lists signed-in devices (this one first, with browser and address) and signs one out', async () => {
    const owner = await registerOwner(t.app);
    const laptop = await t.app.inject({
      method: 'POST',
      url: `${API}/login`,
      payload: { email: owner.email, password: TEST_PASSWORD },
      headers: { 'user-agent': 'Mozilla/5.0 (Macintosh) Firefox/130.0' },
    });
    const laptopSession = laptop.json<{ access_token: string; refresh_token: string }>();

    const listed = await call('GET', '/account/sessions', laptopSession.access_token);
    expect(listed.statusCode).toBe(200);
    const sessions = listed.json<{ sessions: AccountSession[] }>().sessions;
    expect(sessions).toHaveLength(2);
    expect(sessions[0]).toMatchObject({ current: true, user_agent: 'Mozilla/5.0 (Macintosh) Firefox/130.0', ip_address: '127.0.0.1' });
    expect(sessions[1]?.current).toBe(false);
    const other = sessions[1]!;

    // Another person cannot see or end these sessions.
    const stranger = await registerOwner(t.app);
    expect((await call('DELETE', `/account/sessions/${other.id}`, stranger.access_token)).statusCode).toBe(404);
    expect((await call('DELETE', '/account/sessions/not-a-uuid', stranger.access_token)).statusCode).toBe(404);
    expect((await call('GET', '/account/sessions', stranger.access_token)).json().sessions).toHaveLength(1);

    expect((await call('DELETE', `/account/sessions/${other.id}`, laptopSession.access_token)).statusCode).toBe(204);
    expect((await post('/refresh', { refresh_token: owner.refresh_token })).statusCode).toBe(401);
    expect((await post('/refresh', { refresh_token: laptopSession.refresh_token })).statusCode).toBe(200);
    expect((await call('DELETE', `/account/sessions/${other.id}`, laptopSession.access_token)).statusCode).toBe(404);
    const after = (await call('GET', '/account/sessions', laptopSession.access_token)).json<{ sessions: AccountSession[] }>().sessions;
    expect(after.map((session) => session.id)).toEqual([sessions[0]!.id]);
    expect(await auditOf('account.session_revoked', other.id)).toHaveLength(1);
  });

  it('signs out every other device at once: their refresh is refused and their access ends; this one goes on', async () => {
    const owner = await registerOwner(t.app);
    const phone = await login(t.app, owner.email);
    const tablet = await login(t.app, owner.email);
    const stranger = await registerOwner(t.app);
    const before = (await call('GET', '/account/sessions', phone.access_token)).json<{ sessions: AccountSession[] }>().sessions;
    expect(before).toHaveLength(3);
    const others = before.filter((session) => !session.current).map((session) => session.id);

    const ended = await call('POST', '/account/sessions/sign-out-others', phone.access_token);
    expect(ended.statusCode).toBe(200);
    expect(ended.json()).toEqual({ revoked: 2 });

    expect((await post('/refresh', { refresh_token: owner.refresh_token })).statusCode).toBe(401);
    expect((await post('/refresh', { refresh_token: tablet.refresh_token })).statusCode).toBe(401);
    expect((await call('GET', '/me', owner.access_token)).statusCode).toBe(401);
    expect((await call('GET', '/me', phone.access_token)).statusCode).toBe(200);
    const refreshed = await post('/refresh', { refresh_token: phone.refresh_token });
    expect(refreshed.statusCode).toBe(200);
    const after = (await call('GET', '/account/sessions', refreshed.json<{ access_token: string }>().access_token)).json<{ sessions: AccountSession[] }>().sessions;
    expect(after.map((session) => session.current)).toEqual([true]);
    // Each device signed out is audited as a single sign-out is; another person's devices are untouched.
    for (const id of others) expect(await auditOf('account.session_revoked', id)).toHaveLength(1);
    expect((await call('GET', '/me', stranger.access_token)).statusCode).toBe(200);

    // Nothing left to sign out: nothing happens.
    expect((await call('POST', '/account/sessions/sign-out-others', phone.access_token)).json()).toEqual({ revoked: 0 });
  });

  describe('email change', () => {
    const askChange = (token: string, newEmail: string, password = TEST_PASSWORD) =>
      call('POST', '/account/email', token, { new_email: newEmail, current_password: password });

    it('mails a link to the new address and a notice to the old; changes only when the link is used', async () => {
      const owner = await registerOwner(t.app);
      const newEmail = uniqueEmail();
      const confirmation = smtp.nextMailTo(newEmail);
      const warning = smtp.nextMailTo(owner.email);

      const asked = await askChange(owner.access_token, newEmail.toUpperCase());
      expect(asked.statusCode).toBe(202);
      expect(asked.json().message).toBe(
        `We have emailed a confirmation link to ${newEmail}. Your email address changes when you use it; until then you sign in with ${owner.email}.`,
      );
      const mail = await confirmation;
      expect(mail.subject).toBe('Confirm your new email address for Mosaic');
      expect(mail.text).toContain(`expires in ${EMAIL_CHANGE_TTL_HOURS} hours`);
      expect((await warning).subject).toBe('A change of your Mosaic email address was requested');
      // Nothing changed yet.
      expect((await call('GET', '/me', owner.access_token)).json().email).toBe(owner.email);

      const changedNotice = smtp.nextMailTo(owner.email);
      const confirmed = await post('/auth/email/confirm', { token: confirmSecretIn(mail) });
      expect(confirmed.statusCode).toBe(200);
      expect(confirmed.json()).toEqual({ message: `Your email address is now ${newEmail}. Sign in with it from now on.`, email: newEmail });
      expect((await call('GET', '/me', owner.access_token)).json().email).toBe(newEmail);
      expect((await post('/login', { email: newEmail, password: TEST_PASSWORD })).statusCode).toBe(200);
      expect((await post('/login', { email: owner.email, password: TEST_PASSWORD })).statusCode).toBe(401);
      expect((await changedNotice).subject).toBe('Your Mosaic email address was changed');
      const [event] = await auditOf('account.email_changed', owner.user.id);
      expect(event?.details).toEqual({ from: owner.email, to: newEmail });

      const reused = await post('/auth/email/confirm', { token: confirmSecretIn(mail) });
      expect(reused.statusCode).toBe(404);
      expect(reused.json().code).toBe('ACCOUNT_LINK_INVALID');
    });

    it('needs the current password, and refuses the address the account already has', async () => {
      const owner = await registerOwner(t.app);
      const wrong = await askChange(owner.access_token, uniqueEmail(), 'wrong password');
      expect(wrong.json().errors).toEqual([{ field: 'current_password', message: 'Your current password is not correct' }]);
      const same = await askChange(owner.access_token, owner.email);
      expect(same.json().errors).toEqual([{ field: 'new_email', message: 'This is already your email address' }]);
    });

    it("an address that has an account gets the same answer and no link", async () => {
      const owner = await registerOwner(t.app);
      const other = await registerOwner(t.app);
      const taken = await askChange(owner.access_token, other.email);
      expect(taken.statusCode).toBe(202);
      expect(taken.json().message).toBe(
        `We have emailed a confirmation link to ${other.email}. Your email address changes when you use it; until then you sign in with ${owner.email}.`,
      );
      // A later change to a free address arrives; nothing was sent to the taken one.
      const free = uniqueEmail();
      const arriving = smtp.nextMailTo(free);
      await askChange(owner.access_token, free);
      await arriving;
      expect(smtp.received.some((mail) => mail.to.includes(other.email) && mail.subject.startsWith('Confirm'))).toBe(false);
    });

    it('expires (controlled clock) and a newer request replaces the link', async () => {
      const owner = await registerOwner(t.app);
      const first = uniqueEmail();
      const firstMail = smtp.nextMailTo(first);
      await askChange(owner.access_token, first);
      const firstSecret = confirmSecretIn(await firstMail);
      const second = uniqueEmail();
      const secondMail = smtp.nextMailTo(second);
      await askChange(owner.access_token, second);
      const secondSecret = confirmSecretIn(await secondMail);
      expect((await post('/auth/email/confirm', { token: firstSecret })).statusCode).toBe(404);

      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.now() + EMAIL_CHANGE_TTL_HOURS * 3_600_000 + 1_000);
      const late = await post('/auth/email/confirm', { token: secondSecret });
      vi.useRealTimers();
      expect(late.statusCode).toBe(410);
      expect(late.json()).toEqual({
        detail: 'This confirmation link has expired. Change your email again in Settings to get a new link.',
        code: 'ACCOUNT_LINK_EXPIRED',
      });
      expect((await call('GET', '/me', owner.access_token)).json().email).toBe(owner.email);
    });
  });
});
