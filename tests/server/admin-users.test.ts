/**
 * The admin Users area: search, one account in detail, and a system admin's actions — suspend
 * (signed out everywhere at once, told so on the next request, at refresh and at sign-in),
 * reactivate, sign out everywhere (access tokens refused at once, a new sign-in works), and a
 * password reset link through the real reset flow. Each action is audited with its reason.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ADMIN_TEXTS, type AdminUserDetail, type AdminUserPage } from '../../src/contract/admin';
import { auditEvents } from '../../server/src/db/schema/index';
import { API, TEST_PASSWORD, authHeaders, createTestApp, login } from '../helpers/server';
import { readOutbox, startTestSmtpServer } from '../helpers/mail';
import { addPerson, newOrganisation } from './org-helpers';
import { adminCall, signInPlatformAdmin } from './admin-helpers';
import { appForSuite, startedForSuite, preparedForSuite } from '../helpers/suite-fixtures';

const SUSPENDED = 'Your account has been suspended. Contact an owner or admin of your organisation, or Mosaic support, to have it reactivated.';

describe('admin: users', () => {
  const smtp = startedForSuite(() => startTestSmtpServer());
  const t = appForSuite(() => ({ env: { SMTP_URL: smtp.url, PUBLIC_URL: 'https://mosaic.example.com' } }));
  const system = preparedForSuite(() => signInPlatformAdmin(t, 'system_admin'));
  const support = preparedForSuite(() => signInPlatformAdmin(t, 'support_admin'));

  const me = (token: string) => t.app.inject({ method: 'GET', url: `${API}/me`, headers: authHeaders(token) });
  const refresh = (token: string) => t.app.inject({ method: 'POST', url: `${API}/refresh`, payload: { refresh_token: token } });
  const signIn = (email: string, password = TEST_PASSWORD) => t.app.inject({ method: 'POST', url: `${API}/login`, payload: { email, password } });
  const act = (action: string, userId: string, body: object = { reason: 'Ticket 812: account shared outside the team' }, token = system.access_token) =>
    adminCall(t, 'POST', `/admin/users/${userId}/${action}`, token, body);
  const detail = async (userId: string) => (await adminCall(t, 'GET', `/admin/users/${userId}`, support.access_token)).json<AdminUserDetail>();
  const auditOf = (action: string, userId: string) =>
    t.database.db.select().from(auditEvents).where(and(eq(auditEvents.action, action), eq(auditEvents.targetId, userId)));

  it('searches by name or email across organisations and shows one account with its devices', async () => {
    const owner = await newOrganisation(t, 'Northwind Studio', 'Nora Northwind');
    const phone = await login(t.app, owner.email);
    const page = (await adminCall(t, 'GET', '/admin/users?q=nora%20north', support.access_token)).json<AdminUserPage>();
    expect(page.total).toBe(1);
    expect(page.users[0]).toMatchObject({ id: owner.user.id, name: 'Nora Northwind', role: 'org_owner', status: 'active', org_name: 'Northwind Studio' });
    expect(page.users[0]!.last_active_at).not.toBeNull();
    const byEmail = (await adminCall(t, 'GET', `/admin/users?q=${encodeURIComponent(owner.email.toUpperCase())}`, support.access_token)).json<AdminUserPage>();
    expect(byEmail.users.map((user) => user.id)).toEqual([owner.user.id]);
    // Wildcards typed into the box are taken literally.
    expect((await adminCall(t, 'GET', '/admin/users?q=%25', support.access_token)).json<AdminUserPage>().total).toBe(0);

    const opened = await detail(owner.user.id);
    expect(opened.devices).toHaveLength(2);
    expect(opened.last_sign_in_at).not.toBeNull();
    expect(opened.suspension).toBeNull();
    expect(phone.user.id).toBe(owner.user.id);
    expect((await adminCall(t, 'GET', '/admin/users/not-an-id', support.access_token)).json().detail).toBe(ADMIN_TEXTS.userNotFound);
  });

  it('filters by role and status and pages through the list', async () => {
    const suspended = (await adminCall(t, 'GET', '/admin/users?status=suspended', support.access_token)).json<AdminUserPage>();
    expect(suspended.users.every((user) => user.status === 'suspended')).toBe(true);
    const admins = (await adminCall(t, 'GET', '/admin/users?role=support_admin', support.access_token)).json<AdminUserPage>();
    expect(admins.users.map((user) => user.id)).toContain(support.user.id);
    const first = (await adminCall(t, 'GET', '/admin/users?limit=1', support.access_token)).json<AdminUserPage>();
    const second = (await adminCall(t, 'GET', '/admin/users?limit=1&offset=1', support.access_token)).json<AdminUserPage>();
    expect(first.users).toHaveLength(1);
    expect(second.users[0]!.id).not.toBe(first.users[0]!.id);
    expect((await adminCall(t, 'GET', '/admin/users?limit=500', support.access_token)).statusCode).toBe(422);
  });

  it('suspension signs the person out everywhere at once; they are told so; reactivation lets them sign in again', async () => {
    const owner = await newOrganisation(t);
    const person = await addPerson(t, owner, 'Sam Suspended');
    const laptop = await login(t.app, person.email);
    expect((await me(person.access_token)).statusCode).toBe(200);

    const suspended = await act('suspend', person.user.id);
    expect(suspended.statusCode).toBe(200);
    expect(suspended.json<AdminUserDetail>()).toMatchObject({ status: 'suspended', devices: [] });
    expect(suspended.json<AdminUserDetail>().suspension).toMatchObject({ by: system.email, reason: 'Ticket 812: account shared outside the team' });

    // Both devices, on their very next request, and when they try to refresh.
    for (const session of [person, laptop]) {
      const answer = await me(session.access_token);
      expect(answer.statusCode).toBe(401);
      expect(answer.json()).toEqual({ detail: SUSPENDED, code: 'ACCOUNT_SUSPENDED' });
      const refused = await refresh(session.refresh_token);
      expect(refused.statusCode).toBe(401);
      expect(refused.json().code).toBe('ACCOUNT_SUSPENDED');
    }
    const atSignIn = await signIn(person.email);
    expect(atSignIn.statusCode).toBe(403);
    expect(atSignIn.json().code).toBe('ACCOUNT_SUSPENDED');
    const [entry] = await auditOf('admin.user_suspended', person.user.id);
    expect(entry).toMatchObject({ actorUserId: system.user.id, actorEmail: system.email, orgId: owner.user.org_id });
    expect(entry!.details).toMatchObject({ reason: 'Ticket 812: account shared outside the team', devices_signed_out: 2, email: person.email });

    // Suspending again changes nothing and records nothing.
    expect((await act('suspend', person.user.id)).statusCode).toBe(200);
    expect(await auditOf('admin.user_suspended', person.user.id)).toHaveLength(1);

    const reactivated = await act('reactivate', person.user.id, { reason: 'Owner confirmed the account is theirs' });
    expect(reactivated.json<AdminUserDetail>()).toMatchObject({ status: 'active', suspension: null });
    // The sessions ended by the suspension stay ended; a new sign-in works.
    expect((await me(person.access_token)).statusCode).toBe(401);
    expect((await refresh(laptop.refresh_token)).statusCode).toBe(401);
    const again = await login(t.app, person.email);
    expect((await me(again.access_token)).statusCode).toBe(200);
    expect(await auditOf('admin.user_reactivated', person.user.id)).toHaveLength(1);
  });

  it('sign out everywhere refuses every earlier access token at once; a new sign-in right after works', async () => {
    const owner = await newOrganisation(t);
    const tablet = await login(t.app, owner.email);
    const signedOut = await act('sign-out', owner.user.id);
    expect(signedOut.json<AdminUserDetail>()).toMatchObject({ status: 'active', devices: [] });
    for (const session of [owner, tablet]) {
      const answer = await me(session.access_token);
      expect(answer.statusCode).toBe(401);
      expect(answer.json().detail).toBe('Not authenticated');
      expect((await refresh(session.refresh_token)).statusCode).toBe(401);
    }
    // Possibly within the same second as the sign-out: judged by its own, live session.
    const fresh = await login(t.app, owner.email);
    expect((await me(fresh.access_token)).statusCode).toBe(200);
    const refreshed = await refresh(fresh.refresh_token);
    expect(refreshed.statusCode).toBe(200);
    expect((await me(refreshed.json().access_token)).statusCode).toBe(200);
    const [entry] = await auditOf('admin.sessions_revoked', owner.user.id);
    expect(entry!.details).toMatchObject({ devices_signed_out: 2 });
  });

  it('sends the reset link of "Forgot password?"; the person sets a new password with it', async () => {
    const owner = await newOrganisation(t);
    const arriving = smtp.nextMailTo(owner.email);
    const sent = await act('password-reset', owner.user.id, {});
    expect(sent.statusCode).toBe(200);
    expect(sent.json().message).toBe(ADMIN_TEXTS.resetLinkEmailed(owner.email));
    const mail = await arriving;
    expect(mail.subject).toBe('Reset your Mosaic password');
    expect(mail.text).toContain('Mosaic support has sent you a link');
    const token = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
    const reset = await t.app.inject({ method: 'POST', url: `${API}/auth/password/reset`, payload: { token, password: 'a new passphrase for Ada' } });
    expect(reset.statusCode).toBe(204);
    expect((await signIn(owner.email, 'a new passphrase for Ada')).statusCode).toBe(200);
    expect(await auditOf('admin.password_reset_sent', owner.user.id)).toHaveLength(1);
  });

  it('refuses to act on oneself, on a system admin, or to send a suspended account a link', async () => {
    const other = await signInPlatformAdmin(t, 'system_admin', 'Other Sysadmin');
    expect((await act('suspend', system.user.id)).json()).toMatchObject({ detail: ADMIN_TEXTS.cannotActOnSelf });
    expect((await act('sign-out', other.user.id)).json()).toMatchObject({ detail: ADMIN_TEXTS.cannotActOnSystemAdmin });
    // A support admin's account is one a system admin may suspend.
    const helper = await signInPlatformAdmin(t, 'support_admin', 'Hal Helper');
    expect((await act('suspend', helper.user.id)).statusCode).toBe(200);
    const link = await act('password-reset', helper.user.id, {});
    expect(link.statusCode).toBe(409);
    expect(link.json().detail).toBe(ADMIN_TEXTS.suspendedGetsNoResetLink);
    expect((await act('suspend', '7d4c1f8e-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  it('asks for a reason of at least 3 characters', async () => {
    const owner = await newOrganisation(t);
    const response = await act('suspend', owner.user.id, { reason: ' x ' });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual([{ field: 'reason', message: 'Give a reason of at least 3 characters: it is kept in the audit log' }]);
    expect((await detail(owner.user.id)).status).toBe('active');
  });
});

describe('admin: a reset link without a mail server', () => {
  it('says the link went to the outbox folder, where it is', async () => {
    const t = await createTestApp();
    try {
      const system = await signInPlatformAdmin(t, 'system_admin');
      const owner = await newOrganisation(t);
      const sent = await adminCall(t, 'POST', `/admin/users/${owner.user.id}/password-reset`, system.access_token);
      expect(sent.json().message).toBe(ADMIN_TEXTS.resetLinkInOutbox(owner.email));
      const outbox = await readOutbox(t.config.mail.outboxDir);
      expect(outbox.filter((mail) => mail.to.includes(owner.email) && mail.subject === 'Reset your Mosaic password')).toHaveLength(1);
    } finally {
      await t.close();
    }
  });
});
