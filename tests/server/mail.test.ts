import { stat } from 'node:fs/promises';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { OrgInvitesResponse, SentInvite } from '../../src/contract/orgs';
import { loadConfig } from '../../server/src/config';
import { INVITE_SUBJECT } from '../../server/src/mail/templates/invite-mail';
import { API, TEST_PASSWORD, registerOwner, signInWithRole, uniqueEmail, type TestApp } from '../helpers/server';
import { inviteLinkIn, readOutbox, secretOf, startTestSmtpServer, type ReadMail } from '../helpers/mail';
import { appForSuite, startedForSuite } from '../helpers/suite-fixtures';
import { call, newOrganisation } from './org-helpers';

const registerThrough = (t: TestApp, link: string, email: string) =>
  t.app.inject({
    method: 'POST',
    url: `${API}/register`,
    payload: { email, password: TEST_PASSWORD, name: 'Ivy Invited', invite_token: secretOf(link) },
  });

describe('invite email over SMTP (SMTP_URL set)', () => {
  const smtp = startedForSuite(() => startTestSmtpServer());
  const t = appForSuite(() => ({ env: { SMTP_URL: smtp.url, MAIL_FROM: 'Mosaic <invites@mosaic.test>', PUBLIC_URL: 'https://mosaic.example.com/' } }));

  it('the invited address receives the link: recipient, sender, subject, both bodies; the answer says emailed', async () => {
    const owner = await newOrganisation(t, 'Acme Marketing', 'Olga Owner');
    const email = uniqueEmail();
    const arrived = smtp.nextMailTo(email);
    const response = await call(t, 'POST', '/orgs/invites', owner.access_token, { email, role: 'org_admin' });
    expect(response.statusCode).toBe(201);
    const sent = response.json<SentInvite>();
    expect(sent.delivery).toBe('emailed');

    const mail = await arrived;
    expect(mail.to).toEqual([email]);
    expect(mail.from).toBe('Mosaic <invites@mosaic.test>');
    expect(mail.subject).toBe(INVITE_SUBJECT);
    const link = inviteLinkIn(mail);
    // PUBLIC_URL (trailing slash dropped) decides where the link points; the answer carries the same link.
    expect(link).toMatch(/^https:\/\/mosaic\.example\.com\/register\?invite=[A-Za-z0-9_-]{43}$/);
    expect(sent.invite_link).toBe(link);
    expect(mail.text).toContain('Olga Owner has invited you to join Acme Marketing on Mosaic as an admin.');
    expect(mail.text).toContain('The link works once and expires in 14 days');
    expect(mail.html).toContain(`href="${link}"`);
    expect(mail.html).toContain('Create your account');

    // The mailed link is the one that works.
    const registered = await registerThrough(t, link, email);
    expect(registered.statusCode).toBe(201);
    expect(registered.json().user).toMatchObject({ email, role: 'org_admin', org_id: owner.user.org_id });
  });

  it('names in the email are escaped in HTML, and never in the subject', async () => {
    const owner = await newOrganisation(t, 'Tom & <b>Jerry</b> URGENT: verify at evil.example', 'Olga\nOwner');
    const email = uniqueEmail();
    const arrived = smtp.nextMailTo(email);
    await call(t, 'POST', '/orgs/invites', owner.access_token, { email, role: 'org_member' });
    const mail = await arrived;
    // What the inviter typed (their name, the organisation's) is quoted in the body only.
    expect(mail.subject).toBe('You have been invited to join an organisation on Mosaic');
    expect(mail.html).toContain('Tom &amp; &lt;b&gt;Jerry&lt;/b&gt;');
    expect(mail.html).not.toContain('<b>Jerry</b>');
  });

  it('an address that has an account (a platform admin’s too) gets the same answer, and a mail saying what to do instead of a link', async () => {
    const owner = await newOrganisation(t, 'Acme Marketing', 'Olga Owner');
    const elsewhere = await newOrganisation(t, 'Other Org');
    const admin = await registerOwner(t.app);
    await signInWithRole(t.app, t.database, admin.email, 'system_admin');
    const fresh = uniqueEmail();
    const answers: Array<{ email: string; response: LightMyRequestResponse; mail: ReadMail }> = [];
    for (const email of [fresh, elsewhere.email.toUpperCase(), admin.email]) {
      const arrived = smtp.nextMailTo(email.toLowerCase());
      const response = await call(t, 'POST', '/orgs/invites', owner.access_token, { email, role: 'org_member' });
      answers.push({ email, response, mail: await arrived });
    }
    const shapeOf = (response: LightMyRequestResponse) => {
      const body = response.json<SentInvite>();
      return { status: response.statusCode, keys: Object.keys(body).sort(), delivery: body.delivery, status_field: body.status, role: body.role };
    };
    for (const { response } of answers) expect(shapeOf(response)).toEqual(shapeOf(answers[0]!.response));
    const listed = (await call(t, 'GET', '/orgs/invites', owner.access_token)).json<OrgInvitesResponse>().invites;
    expect(listed.map((invite) => invite.email).sort()).toEqual([fresh, elsewhere.email, admin.email].sort());

    const [, toMember, toAdmin] = answers;
    for (const { mail } of [toMember!, toAdmin!]) {
      expect(mail.subject).toBe(INVITE_SUBJECT);
      expect(mail.text).toContain('Olga Owner has invited this email address');
      expect(mail.text).toContain('This address already has a Mosaic account');
      expect(mail.text).not.toContain('/register?invite=');
      expect(mail.html).toContain('href="https://mosaic.example.com/login"');
    }
    expect(answers[0]!.mail.text).toContain('/register?invite=');
  });
});

describe('invite email when sending fails', () => {
  const smtp = startedForSuite(() => startTestSmtpServer({ refuseRecipients: true }));
  const t = appForSuite(() => ({ env: { SMTP_URL: smtp.url }, captureLogs: true }));

  it('keeps the invite: 201 with delivery failed and a link that works; the log has no secret', async () => {
    const owner = await newOrganisation(t);
    const email = uniqueEmail();
    const response = await call(t, 'POST', '/orgs/invites', owner.access_token, { email, role: 'org_member' });
    expect(response.statusCode).toBe(201);
    const sent = response.json<SentInvite>();
    expect(sent.delivery).toBe('failed');
    expect(sent.invite_link).toMatch(/^http:\/\/localhost(:\d+)?\/register\?invite=/);
    const listed = (await call(t, 'GET', '/orgs/invites', owner.access_token)).json<OrgInvitesResponse>().invites;
    expect(listed.map((invite) => invite.email)).toEqual([email]);

    const warning = t.logs.find((line) => line.includes('Invite email could not be sent'));
    expect(warning).toContain(sent.id);
    expect(t.logs.join('\n')).not.toContain(secretOf(sent.invite_link));

    expect((await registerThrough(t, sent.invite_link, email)).statusCode).toBe(201);
  });
});

describe('invite email without SMTP: the outbox', () => {
  const t = appForSuite({ captureLogs: true });

  it('writes an .eml per message to DATA_DIR/outbox, readable by the server only, and says it was not emailed', async () => {
    const owner = await newOrganisation(t, 'Outbox Org', 'Olga Owner');
    const email = uniqueEmail();
    const response = await call(t, 'POST', '/orgs/invites', owner.access_token, { email, role: 'org_member' });
    const sent = response.json<SentInvite>();
    expect(sent.delivery).toBe('outbox');

    const outbox = await readOutbox(t.config.mail.outboxDir);
    expect(outbox).toHaveLength(1);
    const [mail] = outbox;
    expect(mail!.to).toEqual([email]);
    expect(mail!.from).toBe('Mosaic <mosaic@localhost>');
    expect(mail!.subject).toBe(INVITE_SUBJECT);
    expect(inviteLinkIn(mail!)).toBe(sent.invite_link);
    expect((await stat(mail!.file)).mode & 0o777).toBe(0o600);

    // The log says where the file is, never what the link is.
    const line = t.logs.find((entry) => entry.includes('Mail written to the outbox'));
    expect(line).toContain(mail!.file);
    expect(line).toContain(email);
    expect(t.logs.join('\n')).not.toContain(secretOf(sent.invite_link));
  });

  it('the invite page load is logged with its secret redacted', async () => {
    await t.app.inject({ method: 'GET', url: '/register?invite=abcdefSECRET123', headers: { accept: 'text/html' } });
    await t.app.inject({ method: 'GET', url: `${API}/register/invitation?token=abcdefSECRET456` });
    const output = t.logs.join('\n');
    expect(output).toContain('/register?invite=[redacted]');
    expect(output).toContain('/register/invitation?token=[redacted]');
    expect(output).not.toContain('SECRET');
  });
});

describe('mail configuration', () => {
  it('reads SMTP_URL and MAIL_FROM; the outbox lives in DATA_DIR', () => {
    const config = loadConfig({ DATA_DIR: '/var/lib/mosaic', SMTP_URL: 'smtps://user:pass@smtp.example.com', MAIL_FROM: 'Team <team@example.com>' });
    expect(config.mail).toEqual({
      smtpUrl: 'smtps://user:pass@smtp.example.com',
      from: 'Team <team@example.com>',
      outboxDir: '/var/lib/mosaic/outbox',
      publicUrl: undefined,
    });
    expect(loadConfig({}).mail).toMatchObject({ smtpUrl: undefined, from: 'Mosaic <mosaic@localhost>' });
  });

  it('refuses a non-SMTP URL and a sender without an address, naming both', () => {
    expect(() => loadConfig({ SMTP_URL: 'http://mail.example.com', MAIL_FROM: 'Mosaic' })).toThrow(
      /SMTP_URL: SMTP_URL must be an smtp:\/\/ or smtps:\/\/ URL[\s\S]*MAIL_FROM: MAIL_FROM must hold an email address/,
    );
  });
});
