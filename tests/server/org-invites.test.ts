import { createHash, randomUUID } from 'node:crypto';
import { and, count, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { JoinRequestsResponse, OrgInvitesResponse, OrgMembersResponse, SentInvite } from '../../src/contract/orgs';
import { auditEvents, orgInvites, organizations } from '../../server/src/db/schema/index';
import { INVITE_TTL_DAYS } from '../../server/src/services/orgs/invites.service';
import { API, TEST_PASSWORD, signInWithRole, uniqueEmail, type RegisteredOwner } from '../helpers/server';
import { holdDomainVerified } from '../helpers/domain-claims';
import { secretOf } from '../helpers/mail';
import { appForSuite } from '../helpers/suite-fixtures';
import { addPerson, call, domainOf, newOrganisation, requestToJoin } from './org-helpers';

const DAY_MS = 24 * 60 * 60 * 1000;
const INVALID_LINK =
  'This invite link is not valid: it has been used, withdrawn or replaced by a newer invite. If you have already joined, sign in; otherwise ask whoever invited you to invite you again.';

describe('organisation invites: POST/GET /orgs/invites, DELETE /orgs/invites/{id}, accepting through the emailed link', () => {
  const t = appForSuite();

  const invite = (token: string, payload: object) => call(t, 'POST', '/orgs/invites', token, payload);
  const sendInvite = async (owner: RegisteredOwner, email: string, role = 'org_member') => {
    const response = await invite(owner.access_token, { email, role });
    if (response.statusCode !== 201) throw new Error(`invite failed: ${response.statusCode} ${response.body}`);
    return response.json<SentInvite>();
  };
  const pending = async (token: string) => (await call(t, 'GET', '/orgs/invites', token)).json<OrgInvitesResponse>().invites;
  const invitation = (secret: string) => t.app.inject({ method: 'GET', url: `${API}/register/invitation`, query: { token: secret } });
  const registerWithLink = (email: string, link: string, extra: object = {}) =>
    t.app.inject({
      method: 'POST',
      url: `${API}/register`,
      payload: { email, password: TEST_PASSWORD, name: 'Ivy Invited', invite_token: secretOf(link), ...extra },
    });
  const registerWithoutLink = (email: string, orgName?: string) =>
    t.app.inject({
      method: 'POST',
      url: `${API}/register`,
      payload: { email, password: TEST_PASSWORD, name: 'Ivy Invited', ...(orgName === undefined ? {} : { org_name: orgName }) },
    });
  const checkDomain = (email: string) => t.app.inject({ method: 'GET', url: `${API}/register/check-domain`, query: { email } });
  const organisationCount = async () => (await t.database.db.select({ value: count() }).from(organizations))[0]?.value;
  const inviteRow = async (id: string) => (await t.database.db.select().from(orgInvites).where(eq(orgInvites.id, id)))[0];
  const expire = (id: string) =>
    t.database.db.update(orgInvites).set({ expiresAt: sql`now() - interval '1 minute'` }).where(eq(orgInvites.id, id));
  const membersOf = async (owner: RegisteredOwner) =>
    (await call(t, 'GET', '/orgs/members', owner.access_token)).json<OrgMembersResponse>().members;

  describe('sending', () => {
    it('201 with the invite, how its email went and its link; 14 days to accept; only the secret’s SHA-256 is stored', async () => {
      const owner = await newOrganisation(t, 'Send Org', 'Olga Owner');
      const before = Date.now();
      const response = await invite(owner.access_token, { email: '  New.Person@Example.ORG ', role: 'org_admin' });
      expect(response.statusCode).toBe(201);
      const sent = response.json<SentInvite>();
      expect(sent).toEqual({
        id: expect.any(String),
        email: 'new.person@example.org',
        role: 'org_admin',
        status: 'pending',
        invited_by: 'Olga Owner',
        created_at: expect.any(String),
        expires_at: expect.any(String),
        // No SMTP_URL in this suite: the email only went to the outbox, and the answer says so.
        delivery: 'outbox',
        invite_link: expect.stringMatching(/^http:\/\/localhost(:\d+)?\/register\?invite=[A-Za-z0-9_-]{43}$/),
      });
      expect(INVITE_TTL_DAYS).toBe(14);
      const lifetime = Date.parse(sent.expires_at) - before;
      expect(lifetime).toBeGreaterThan(14 * DAY_MS - 60_000);
      expect(lifetime).toBeLessThan(14 * DAY_MS + 60_000);

      const secret = secretOf(sent.invite_link);
      const row = await inviteRow(sent.id);
      expect(row?.tokenHash).toBe(createHash('sha256').update(secret).digest('hex'));
      expect(JSON.stringify(row)).not.toContain(secret);
    });

    it('the list never carries links: they exist only in the email and the answer to the sender', async () => {
      const owner = await newOrganisation(t);
      const sent = await sendInvite(owner, uniqueEmail());
      const listed = await pending(owner.access_token);
      expect(listed).toHaveLength(1);
      expect(Object.keys(listed[0]!)).not.toContain('invite_link');
      expect(JSON.stringify(listed)).not.toContain(secretOf(sent.invite_link));
    });

    it('422 for a bad email, a missing or unknown role, and the owner role; nothing is stored', async () => {
      const owner = await newOrganisation(t);
      const bad = [
        [{ email: 'not-an-email', role: 'org_member' }, 'email'],
        [{ email: uniqueEmail(), role: 'org_owner' }, 'role'],
        [{ email: uniqueEmail(), role: 'wizard' }, 'role'],
        [{ email: uniqueEmail() }, 'role'],
      ] as const;
      for (const [payload, field] of bad) {
        const response = await invite(owner.access_token, payload);
        expect(response.statusCode).toBe(422);
        expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR', errors: [{ field }] });
      }
      expect(await pending(owner.access_token)).toEqual([]);
    });

    it('reveals no accounts: an address with one (any case, a platform admin’s too) is answered as a new one', async () => {
      const owner = await newOrganisation(t);
      const other = await newOrganisation(t);
      const platformAdmin = await newOrganisation(t);
      await signInWithRole(t.app, t.database, platformAdmin.email, 'system_admin');
      const fresh = await invite(owner.access_token, { email: uniqueEmail(), role: 'org_member' });
      const taken = await invite(owner.access_token, { email: other.email.toUpperCase(), role: 'org_member' });
      const admin = await invite(owner.access_token, { email: platformAdmin.email, role: 'org_member' });
      const shape = (response: typeof fresh) => {
        const { id: _id, email: _email, invite_link: link, created_at: _created, expires_at: _expires, ...rest } = response.json<SentInvite>();
        return { status: response.statusCode, rest, link: typeof link };
      };
      expect(shape(fresh)).toMatchObject({ status: 201 });
      expect(shape(taken)).toEqual(shape(fresh));
      expect(shape(admin)).toEqual(shape(fresh));
      // Listed as pending like any invite, until it expires or is revoked.
      expect((await pending(owner.access_token)).map((i) => i.email)).toContain(other.email);
    });

    it('inviting again refreshes the invite with a new link: the old link stops working, the new one works', async () => {
      const owner = await newOrganisation(t);
      const email = uniqueEmail();
      const first = await sendInvite(owner, email, 'org_member');
      await expire(first.id);
      expect(await pending(owner.access_token)).toEqual([]);
      const again = await sendInvite(owner, email.toUpperCase(), 'org_admin');
      expect(again).toMatchObject({ id: first.id, role: 'org_admin', status: 'pending' });
      expect(again.invite_link).not.toBe(first.invite_link);
      expect(Date.parse(again.expires_at)).toBeGreaterThan(Date.now() + 13 * DAY_MS);
      expect((await pending(owner.access_token)).map((i) => [i.id, i.role])).toEqual([[first.id, 'org_admin']]);

      const old = await invitation(secretOf(first.invite_link));
      expect(old.statusCode).toBe(404);
      expect(old.json()).toEqual({ detail: INVALID_LINK, code: 'INVITE_LINK_INVALID' });
      expect((await registerWithLink(email, first.invite_link)).statusCode).toBe(404);
      const joined = await registerWithLink(email, again.invite_link);
      expect(joined.statusCode).toBe(201);
      expect(joined.json().user).toMatchObject({ role: 'org_admin', org_id: owner.user.org_id });
    });

    it('records invites.created: who, which organisation, which invite, from where, role and address', async () => {
      const owner = await newOrganisation(t);
      const email = uniqueEmail();
      const sent = await sendInvite(owner, email, 'org_admin');
      await sendInvite(owner, email, 'org_member');
      const events = await t.database.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.action, 'invites.created'), eq(auditEvents.targetId, sent.id)))
        .orderBy(auditEvents.occurredAt);
      expect(events).toHaveLength(2);
      expect(events[0]).toMatchObject({
        actorUserId: owner.user.id,
        actorEmail: owner.email,
        actorRole: 'org_owner',
        orgId: owner.user.org_id,
        targetType: 'invite',
        ipAddress: '127.0.0.1',
        details: { email, role: 'org_admin', refreshed: false },
      });
      expect(events[1]?.details).toEqual({ email, role: 'org_member', refreshed: true });
      expect(JSON.stringify(events)).not.toContain(secretOf(sent.invite_link));
    });
  });

  describe('who may use the invite endpoints', () => {
    it('owners and admins send, list and revoke; members and platform admins get 403; no token gets 401', async () => {
      const owner = await newOrganisation(t);
      const admin = await addPerson(t, owner, 'Adam Admin', 'org_admin');
      const member = await addPerson(t, owner, 'Mia Member');
      const systemAdmin = await addPerson(t, await newOrganisation(t), 'Sys Admin');
      const supportAdmin = await addPerson(t, await newOrganisation(t), 'Sue Support');
      const platform = {
        system_admin: await signInWithRole(t.app, t.database, systemAdmin.email, 'system_admin'),
        support_admin: await signInWithRole(t.app, t.database, supportAdmin.email, 'support_admin'),
      };

      for (const [who, caller] of [['owner', owner], ['admin', admin]] as const) {
        const sent = await invite(caller.access_token, { email: uniqueEmail(), role: 'org_member' });
        expect(sent.statusCode, `${who} sends`).toBe(201);
        expect(sent.json().invited_by).toBe(who === 'owner' ? 'Ada Owner' : 'Adam Admin');
        expect((await call(t, 'GET', '/orgs/invites', caller.access_token)).statusCode, `${who} lists`).toBe(200);
        expect((await call(t, 'DELETE', `/orgs/invites/${sent.json().id}`, caller.access_token)).statusCode, `${who} revokes`).toBe(204);
      }

      const target = await sendInvite(owner, uniqueEmail());
      const refused = [
        ['member', member.access_token],
        ['system admin', platform.system_admin.access_token],
        ['support admin', platform.support_admin.access_token],
      ] as const;
      for (const [who, token] of refused) {
        const answers = [
          await invite(token, { email: uniqueEmail(), role: 'org_member' }),
          await call(t, 'GET', '/orgs/invites', token),
          await call(t, 'DELETE', `/orgs/invites/${target.id}`, token),
        ];
        for (const response of answers) {
          expect(response.statusCode, who).toBe(403);
          expect(response.json().detail).toBe('Only organisation owners and admins can manage members');
        }
      }
      const anonymous = [
        await t.app.inject({ method: 'POST', url: `${API}/orgs/invites`, payload: { email: uniqueEmail(), role: 'org_member' } }),
        await t.app.inject({ method: 'GET', url: `${API}/orgs/invites` }),
        await t.app.inject({ method: 'DELETE', url: `${API}/orgs/invites/${target.id}` }),
      ];
      for (const response of anonymous) expect(response.statusCode).toBe(401);
      expect((await pending(owner.access_token)).map((entry) => entry.id)).toEqual([target.id]);
    });
  });

  describe('listing and revoking', () => {
    it('lists pending, unexpired invites newest first, only of the caller’s organisation', async () => {
      const owner = await newOrganisation(t);
      const other = await newOrganisation(t);
      const older = await sendInvite(owner, uniqueEmail());
      const newer = await sendInvite(owner, uniqueEmail(), 'org_admin');
      const expired = await sendInvite(owner, uniqueEmail());
      await expire(expired.id);
      await sendInvite(other, uniqueEmail());
      expect((await pending(owner.access_token)).map((i) => i.id)).toEqual([newer.id, older.id]);
    });

    it('revoking: 204, gone from the list, its link dead, the address registers on its own; twice → 409; others’ → 404', async () => {
      const owner = await newOrganisation(t);
      const other = await newOrganisation(t);
      const email = uniqueEmail();
      const sent = await sendInvite(owner, email, 'org_admin');

      const foreign = await call(t, 'DELETE', `/orgs/invites/${sent.id}`, other.access_token);
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json().detail).toBe('Invite not found');
      expect((await call(t, 'DELETE', `/orgs/invites/${randomUUID()}`, owner.access_token)).statusCode).toBe(404);
      expect((await call(t, 'DELETE', '/orgs/invites/nope', owner.access_token)).statusCode).toBe(404);
      expect(await pending(owner.access_token)).toHaveLength(1);

      expect((await call(t, 'DELETE', `/orgs/invites/${sent.id}`, owner.access_token)).statusCode).toBe(204);
      expect(await pending(owner.access_token)).toEqual([]);
      expect((await inviteRow(sent.id))?.tokenHash).toBeNull();
      expect((await invitation(secretOf(sent.invite_link))).statusCode).toBe(404);
      expect((await registerWithLink(email, sent.invite_link)).statusCode).toBe(404);
      const again = await call(t, 'DELETE', `/orgs/invites/${sent.id}`, owner.access_token);
      expect(again.statusCode).toBe(409);
      expect(again.json().detail).toBe('Only pending invites can be revoked');

      const registered = await registerWithoutLink(email, 'Own Org');
      expect(registered.statusCode).toBe(201);
      expect(registered.json().user).toMatchObject({ role: 'org_owner' });
      expect(registered.json().user.org_id).not.toBe(owner.user.org_id);
    });
  });

  describe('GET /register/invitation (what the Register screen shows for a link)', () => {
    it('names the organisation, the role and the invited address', async () => {
      const owner = await newOrganisation(t, 'Preview Ltd');
      const email = uniqueEmail();
      const sent = await sendInvite(owner, email, 'org_admin');
      const response = await invitation(secretOf(sent.invite_link));
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ organization_name: 'Preview Ltd', role: 'org_admin', email, expires_at: sent.expires_at });
    });

    it('404 for a link nobody issued, 410 naming whom to ask once expired, 422 without a token', async () => {
      const unknown = await invitation('x'.repeat(43));
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ detail: INVALID_LINK, code: 'INVITE_LINK_INVALID' });

      const owner = await newOrganisation(t, 'Lapsed Ltd');
      const sent = await sendInvite(owner, uniqueEmail());
      await expire(sent.id);
      const expired = await invitation(secretOf(sent.invite_link));
      expect(expired.statusCode).toBe(410);
      expect(expired.json()).toEqual({ detail: 'This invite link has expired. Ask Lapsed Ltd to invite you again.', code: 'INVITE_LINK_EXPIRED' });

      const missing = await t.app.inject({ method: 'GET', url: `${API}/register/invitation` });
      expect(missing.statusCode).toBe(422);
      expect(missing.json().errors[0]).toEqual({ field: 'token', message: 'Invite token is required' });
    });
  });

  describe('accepting through the link', () => {
    it('joins the inviting organisation with the invited role: no new organisation, invite used up, audited, signed in', async () => {
      const owner = await newOrganisation(t);
      const email = uniqueEmail();
      const sent = await sendInvite(owner, email, 'org_admin');
      const organisationsBefore = await organisationCount();

      // Any case of the address; org_name, if sent, is ignored.
      const response = await registerWithLink(email.toUpperCase(), sent.invite_link, { org_name: 'Ignored Inc' });
      expect(response.statusCode).toBe(201);
      const session = response.json();
      expect(session.user).toEqual({ id: expect.any(String), email, name: 'Ivy Invited', role: 'org_admin', org_id: owner.user.org_id });
      expect(await organisationCount()).toBe(organisationsBefore);
      expect(await pending(owner.access_token)).toEqual([]);
      expect(await inviteRow(sent.id)).toMatchObject({ status: 'accepted', tokenHash: null, acceptedAt: expect.any(Date) });
      expect((await membersOf(owner)).map((m) => m.email)).toContain(email);

      const [accepted] = await t.database.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.action, 'invites.accepted'), eq(auditEvents.targetId, sent.id)));
      expect(accepted).toMatchObject({
        actorUserId: session.user.id,
        actorEmail: email,
        actorRole: 'org_admin',
        orgId: owner.user.org_id,
        targetType: 'invite',
        details: { role: 'org_admin', invited_by: owner.user.id },
      });

      // Signed in as usual: the tokens work, and the organisation's spaces are theirs.
      const spaces = await call(t, 'GET', '/spaces/', session.access_token);
      expect(spaces.json<{ data: Array<{ id: string }> }>().data.map((s) => s.id)).toEqual([owner.defaultSpace.id]);
      expect((await call(t, 'GET', '/orgs/members', session.access_token)).statusCode).toBe(200);
    });

    it('a link works once: using it again is 404 with the same message as an unknown link', async () => {
      const owner = await newOrganisation(t);
      const email = uniqueEmail();
      const sent = await sendInvite(owner, email);
      expect((await registerWithLink(email, sent.invite_link)).statusCode).toBe(201);
      const reused = await registerWithLink(uniqueEmail(), sent.invite_link);
      expect(reused.statusCode).toBe(404);
      expect(reused.json()).toEqual({ detail: INVALID_LINK, code: 'INVITE_LINK_INVALID' });
      expect((await invitation(secretOf(sent.invite_link))).statusCode).toBe(404);
    });

    it('two registrations racing with one link make exactly one account', async () => {
      const owner = await newOrganisation(t);
      const email = uniqueEmail();
      const sent = await sendInvite(owner, email);
      const answers = await Promise.all([registerWithLink(email, sent.invite_link), registerWithLink(email, sent.invite_link)]);
      expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(1);
      expect(answers.map((answer) => answer.statusCode).filter((status) => status !== 201)[0]).toBeOneOf([404, 409]);
      expect((await membersOf(owner)).filter((m) => m.email === email)).toHaveLength(1);
    });

    it('an expired link: 410 naming whom to ask, and nothing is created', async () => {
      const owner = await newOrganisation(t, 'Expired Co');
      const email = uniqueEmail();
      const sent = await sendInvite(owner, email);
      await expire(sent.id);
      const organisationsBefore = await organisationCount();
      const response = await registerWithLink(email, sent.invite_link);
      expect(response.statusCode).toBe(410);
      expect(response.json().detail).toBe('This invite link has expired. Ask Expired Co to invite you again.');
      expect(await organisationCount()).toBe(organisationsBefore);
      expect((await membersOf(owner)).map((m) => m.email)).not.toContain(email);
    });

    it('only the invited address can use the link: another address is a 422 on email, and the invite stays pending', async () => {
      const owner = await newOrganisation(t);
      const email = uniqueEmail();
      const sent = await sendInvite(owner, email);
      const response = await registerWithLink(uniqueEmail(), sent.invite_link);
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toEqual([{ field: 'email', message: `This invite is for ${email}. Register with that address to join.` }]);
      expect((await pending(owner.access_token)).map((entry) => entry.id)).toEqual([sent.id]);
      expect((await registerWithLink(email, sent.invite_link)).statusCode).toBe(201);
    });

    it('with invites from several organisations, the link decides; the others are retired once the address has joined', async () => {
      const first = await newOrganisation(t);
      const second = await newOrganisation(t);
      const email = uniqueEmail();
      const fromFirst = await sendInvite(first, email, 'org_admin');
      await sendInvite(second, email, 'org_member');
      const session = (await registerWithLink(email, fromFirst.invite_link)).json();
      expect(session.user).toMatchObject({ org_id: first.user.org_id, role: 'org_admin' });
      expect((await pending(second.access_token)).map((entry) => entry.email)).not.toContain(email);
    });

    it('an approved join request also retires the address’s pending invites elsewhere', async () => {
      const owner = await newOrganisation(t);
      const elsewhere = await newOrganisation(t);
      const email = await requestToJoin(t, owner, 'Jo Joiner');
      const sent = await sendInvite(elsewhere, email);
      const requests = (await call(t, 'GET', '/orgs/join-requests', owner.access_token)).json<JoinRequestsResponse>().join_requests;
      const request = requests.find((candidate) => candidate.email === email);
      expect((await call(t, 'PUT', `/orgs/join-requests/${request?.id ?? ''}/approve`, owner.access_token)).statusCode).toBe(200);
      expect((await pending(elsewhere.access_token)).map((entry) => entry.email)).not.toContain(email);
      expect((await invitation(secretOf(sent.invite_link))).statusCode).toBe(404);
    });
  });

  describe('registering without the link never joins the inviting organisation', () => {
    it('POST /register with an invited address is an ordinary registration: own organisation, and the invite is retired', async () => {
      const owner = await newOrganisation(t);
      const email = uniqueEmail();
      const sent = await sendInvite(owner, email, 'org_admin');
      const organisationsBefore = await organisationCount();
      const response = await registerWithoutLink(email, 'My Own Org');
      expect(response.statusCode).toBe(201);
      expect(response.json().user).toMatchObject({ role: 'org_owner' });
      expect(response.json().user.org_id).not.toBe(owner.user.org_id);
      expect(await organisationCount()).toBe((organisationsBefore ?? 0) + 1);
      expect((await membersOf(owner)).map((m) => m.email)).not.toContain(email);
      expect(await pending(owner.access_token)).toEqual([]);
      expect((await registerWithLink(email, sent.invite_link)).statusCode).toBe(404);
    });

    it('without the link an invited address must name an organisation (422 on org_name), and nothing is created', async () => {
      const owner = await newOrganisation(t);
      const email = uniqueEmail();
      await sendInvite(owner, email, 'org_admin');
      const organisationsBefore = await organisationCount();
      for (const orgName of [undefined, '', '  ']) {
        const response = await registerWithoutLink(email, orgName);
        expect(response.statusCode).toBe(422);
        expect(response.json().errors).toEqual([{ field: 'org_name', message: 'Organisation name is required' }]);
      }
      expect(await organisationCount()).toBe(organisationsBefore);
    });

    it('join_existing by an invited address of the organisation’s domain files an ordinary join request, no account', async () => {
      const owner = await newOrganisation(t, 'Domain Owners Ltd');
      await holdDomainVerified(t.database, owner.user.org_id!, domainOf(owner));
      const email = uniqueEmail(domainOf(owner));
      await sendInvite(owner, email, 'org_admin');
      const joined = await t.app.inject({
        method: 'POST',
        url: `${API}/register/with-domain`,
        payload: { email, password: TEST_PASSWORD, name: 'Ivy Invited', choice: 'join_existing' },
      });
      expect(joined.statusCode).toBe(202);
      expect(joined.json()).toEqual({
        message: 'Your request to join Domain Owners Ltd has been sent. An owner or admin must approve it before you can sign in.',
      });
      expect((await membersOf(owner)).map((m) => m.email)).not.toContain(email);
      const requests = (await call(t, 'GET', '/orgs/join-requests', owner.access_token)).json<JoinRequestsResponse>().join_requests;
      expect(requests.map((request) => request.email)).toContain(email);
    });

    it('create_new without an organisation name is a 422 field error, invited or not', async () => {
      const owner = await newOrganisation(t);
      const invited = uniqueEmail(domainOf(owner));
      await sendInvite(owner, invited, 'org_admin');
      const refused = await t.app.inject({
        method: 'POST',
        url: `${API}/register/with-domain`,
        payload: { email: invited, password: TEST_PASSWORD, name: 'Ivy Invited', choice: 'create_new' },
      });
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toEqual({
        detail: 'Validation error',
        code: 'VALIDATION_ERROR',
        errors: [{ field: 'org_name', message: 'Organisation name is required' }],
      });
    });
  });

  describe('check-domain says nothing about invites', () => {
    it('an invited address gets exactly the answer any other address of its domain gets', async () => {
      const owner = await newOrganisation(t, 'Quiet Ltd');
      await holdDomainVerified(t.database, owner.user.org_id!, domainOf(owner));
      const invited = uniqueEmail(domainOf(owner));
      const stranger = uniqueEmail(domainOf(owner));
      await sendInvite(owner, invited, 'org_admin');
      const answers = [(await checkDomain(invited)).json(), (await checkDomain(stranger)).json()];
      expect(answers).toEqual([
        { has_existing_org: true, organization_name: 'Quiet Ltd' },
        { has_existing_org: true, organization_name: 'Quiet Ltd' },
      ]);
    });

    it('an invited address on a public mail domain: has_existing_org false and nothing else', async () => {
      const owner = await newOrganisation(t, 'Inviter Ltd');
      const email = uniqueEmail('gmail.com');
      await sendInvite(owner, email, 'org_member');
      const response = await checkDomain(email);
      expect(response.json()).toEqual({ has_existing_org: false });
      expect(response.body).not.toContain('Inviter Ltd');
    });
  });
});
