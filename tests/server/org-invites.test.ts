import { randomUUID } from 'node:crypto';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JoinRequestsResponse, OrgInvite, OrgInvitesResponse, OrgMembersResponse } from '../../src/features/org-admin/org-admin.types';
import { orgInvites, organizations } from '../../server/src/db/schema/index';
import { INVITE_TTL_DAYS } from '../../server/src/services/orgs/invites.service';
import { API, TEST_PASSWORD, createTestApp, uniqueEmail, type RegisteredOwner, type TestApp } from '../helpers/server';
import { addPerson, call, domainOf, newOrganisation, requestToJoin } from './org-helpers';

const DAY_MS = 24 * 60 * 60 * 1000;

describe('organisation invites: POST/GET /orgs/invites, DELETE /orgs/invites/{id}, accepting by registering', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const invite = (token: string, payload: object) => call(t, 'POST', '/orgs/invites', token, payload);
  const pending = async (token: string) => (await call(t, 'GET', '/orgs/invites', token)).json<OrgInvitesResponse>().invites;
  const register = (email: string, orgName = 'Ignored Inc') =>
    t.app.inject({ method: 'POST', url: `${API}/register`, payload: { email, password: TEST_PASSWORD, name: 'Ivy Invited', org_name: orgName } });
  /** POST /register with org_name left out (undefined) or set to a given blank value. */
  const registerWithout = (email: string, orgName: string | undefined) =>
    t.app.inject({
      method: 'POST',
      url: `${API}/register`,
      payload: { email, password: TEST_PASSWORD, name: 'Ivy Invited', ...(orgName === undefined ? {} : { org_name: orgName }) },
    });
  const checkDomain = (email: string) => t.app.inject({ method: 'GET', url: `${API}/register/check-domain`, query: { email } });
  const organisationCount = async () => (await t.database.db.select({ value: count() }).from(organizations))[0]?.value;
  const expire = (id: string) =>
    t.database.db.update(orgInvites).set({ expiresAt: sql`now() - interval '1 minute'` }).where(eq(orgInvites.id, id));

  describe('sending', () => {
    it('201 with the invite: email normalised, role, inviter name, 14 days to accept', async () => {
      const owner = await newOrganisation(t, 'Send Org', 'Olga Owner');
      const before = Date.now();
      const response = await invite(owner.access_token, { email: '  New.Person@Example.ORG ', role: 'org_admin' });
      expect(response.statusCode).toBe(201);
      const sent = response.json<OrgInvite>();
      expect(sent).toEqual({
        id: expect.any(String),
        email: 'new.person@example.org',
        role: 'org_admin',
        status: 'pending',
        invited_by: 'Olga Owner',
        created_at: expect.any(String),
        expires_at: expect.any(String),
      });
      expect(INVITE_TTL_DAYS).toBe(14);
      const lifetime = Date.parse(sent.expires_at) - before;
      expect(lifetime).toBeGreaterThan(14 * DAY_MS - 60_000);
      expect(lifetime).toBeLessThan(14 * DAY_MS + 60_000);
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

    it('409 when the address already has an account, whatever its case', async () => {
      const owner = await newOrganisation(t);
      const other = await newOrganisation(t);
      const response = await invite(owner.access_token, { email: other.email.toUpperCase(), role: 'org_member' });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ detail: 'An account with this email already exists', code: 'CONFLICT' });
    });

    it('inviting a pending address again refreshes that invite (role, expiry) instead of failing', async () => {
      const owner = await newOrganisation(t);
      const email = uniqueEmail();
      const first = (await invite(owner.access_token, { email, role: 'org_member' })).json<OrgInvite>();
      await expire(first.id);
      expect(await pending(owner.access_token)).toEqual([]);
      const again = await invite(owner.access_token, { email: email.toUpperCase(), role: 'org_admin' });
      expect(again.statusCode).toBe(201);
      expect(again.json()).toMatchObject({ id: first.id, role: 'org_admin', status: 'pending' });
      expect(Date.parse(again.json<OrgInvite>().expires_at)).toBeGreaterThan(Date.now() + 13 * DAY_MS);
      expect((await pending(owner.access_token)).map((i) => [i.id, i.role])).toEqual([[first.id, 'org_admin']]);
    });

    it('owners and admins invite; members get 403 for sending, listing and revoking', async () => {
      const owner = await newOrganisation(t);
      const admin = await addPerson(t, owner, 'Adam Admin', 'org_admin');
      const member = await addPerson(t, owner, 'Mia Member');
      const byOwner = await invite(owner.access_token, { email: uniqueEmail(), role: 'org_member' });
      const byAdmin = await invite(admin.access_token, { email: uniqueEmail(), role: 'org_admin' });
      expect([byOwner.statusCode, byAdmin.statusCode]).toEqual([201, 201]);
      expect(byAdmin.json().invited_by).toBe('Adam Admin');
      const refused = [
        await invite(member.access_token, { email: uniqueEmail(), role: 'org_member' }),
        await call(t, 'GET', '/orgs/invites', member.access_token),
        await call(t, 'DELETE', `/orgs/invites/${byOwner.json().id}`, member.access_token),
      ];
      for (const response of refused) {
        expect(response.statusCode).toBe(403);
        expect(response.json().detail).toBe('Only organisation owners and admins can manage members');
      }
      expect(await pending(owner.access_token)).toHaveLength(2);
    });
  });

  describe('listing and revoking', () => {
    it('lists pending, unexpired invites newest first, only of the caller’s organisation', async () => {
      const owner = await newOrganisation(t);
      const other = await newOrganisation(t);
      const older = (await invite(owner.access_token, { email: uniqueEmail(), role: 'org_member' })).json<OrgInvite>();
      const newer = (await invite(owner.access_token, { email: uniqueEmail(), role: 'org_admin' })).json<OrgInvite>();
      const expired = (await invite(owner.access_token, { email: uniqueEmail(), role: 'org_member' })).json<OrgInvite>();
      await expire(expired.id);
      await invite(other.access_token, { email: uniqueEmail(), role: 'org_member' });
      expect((await pending(owner.access_token)).map((i) => i.id)).toEqual([newer.id, older.id]);
    });

    it('revoking: 204, gone from the list, the address then registers normally; twice → 409; others’ → 404', async () => {
      const owner = await newOrganisation(t);
      const other = await newOrganisation(t);
      const email = uniqueEmail();
      const sent = (await invite(owner.access_token, { email, role: 'org_admin' })).json<OrgInvite>();

      const foreign = await call(t, 'DELETE', `/orgs/invites/${sent.id}`, other.access_token);
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json().detail).toBe('Invite not found');
      expect((await call(t, 'DELETE', `/orgs/invites/${randomUUID()}`, owner.access_token)).statusCode).toBe(404);
      expect((await call(t, 'DELETE', '/orgs/invites/nope', owner.access_token)).statusCode).toBe(404);
      expect(await pending(owner.access_token)).toHaveLength(1);

      expect((await call(t, 'DELETE', `/orgs/invites/${sent.id}`, owner.access_token)).statusCode).toBe(204);
      expect(await pending(owner.access_token)).toEqual([]);
      const again = await call(t, 'DELETE', `/orgs/invites/${sent.id}`, owner.access_token);
      expect(again.statusCode).toBe(409);
      expect(again.json().detail).toBe('Only pending invites can be revoked');

      const registered = await register(email, 'Own Org');
      expect(registered.statusCode).toBe(201);
      expect(registered.json().user).toMatchObject({ role: 'org_owner' });
      expect(registered.json().user.org_id).not.toBe(owner.user.org_id);
    });
  });

  describe('accepting by registering', () => {
    const membersOf = async (owner: RegisteredOwner) =>
      (await call(t, 'GET', '/orgs/members', owner.access_token)).json<OrgMembersResponse>().members;

    it('joins the inviting organisation with the invited role: no new organisation, invite accepted, signed in', async () => {
      const owner = await newOrganisation(t);
      const email = uniqueEmail();
      await invite(owner.access_token, { email, role: 'org_admin' });
      const organisationsBefore = await organisationCount();

      const response = await register(email.toUpperCase());
      expect(response.statusCode).toBe(201);
      const session = response.json();
      expect(session.user).toEqual({ id: expect.any(String), email, name: 'Ivy Invited', role: 'org_admin', org_id: owner.user.org_id });
      expect(await organisationCount()).toBe(organisationsBefore);
      expect(await pending(owner.access_token)).toEqual([]);
      expect((await membersOf(owner)).map((m) => m.email)).toContain(email);

      // Signed in as usual: the tokens work, and the organisation's spaces are theirs.
      const spaces = await call(t, 'GET', '/spaces/', session.access_token);
      expect(spaces.json().map((s: { id: string }) => s.id)).toEqual([owner.defaultSpace.id]);
      expect((await call(t, 'GET', '/orgs/members', session.access_token)).statusCode).toBe(200);
    });

    it('with invites from several organisations, the newest wins', async () => {
      const first = await newOrganisation(t);
      const second = await newOrganisation(t);
      const email = uniqueEmail();
      await invite(first.access_token, { email, role: 'org_admin' });
      await invite(second.access_token, { email, role: 'org_member' });
      const session = (await register(email)).json();
      expect(session.user).toMatchObject({ org_id: second.user.org_id, role: 'org_member' });
    });

    it('once the address has joined one organisation, the other organisations no longer list it as pending', async () => {
      const first = await newOrganisation(t);
      const second = await newOrganisation(t);
      const email = uniqueEmail();
      await invite(first.access_token, { email, role: 'org_admin' });
      await invite(second.access_token, { email, role: 'org_member' });
      expect((await register(email)).statusCode).toBe(201);
      expect((await pending(first.access_token)).map((entry) => entry.email)).not.toContain(email);
      expect((await pending(second.access_token)).map((entry) => entry.email)).not.toContain(email);
    });

    it('an approved join request also retires the address’s pending invites elsewhere', async () => {
      const owner = await newOrganisation(t);
      const elsewhere = await newOrganisation(t);
      // The request comes first; another organisation invites the address while it waits.
      const email = await requestToJoin(t, owner, 'Jo Joiner');
      expect((await invite(elsewhere.access_token, { email, role: 'org_member' })).statusCode).toBe(201);
      const requests = (await call(t, 'GET', '/orgs/join-requests', owner.access_token)).json<JoinRequestsResponse>().join_requests;
      const request = requests.find((candidate) => candidate.email === email);
      expect((await call(t, 'PUT', `/orgs/join-requests/${request?.id ?? ''}/approve`, owner.access_token)).statusCode).toBe(200);
      expect((await pending(elsewhere.access_token)).map((entry) => entry.email)).not.toContain(email);
    });

    it('an expired invite does not count: normal registration creates the person’s own organisation', async () => {
      const owner = await newOrganisation(t);
      const email = uniqueEmail();
      const sent = (await invite(owner.access_token, { email, role: 'org_admin' })).json<OrgInvite>();
      await expire(sent.id);
      const session = (await register(email, 'Fresh Org')).json();
      expect(session.user.role).toBe('org_owner');
      expect(session.user.org_id).not.toBe(owner.user.org_id);
      expect((await membersOf(owner)).map((m) => m.email)).not.toContain(email);
    });

    it('check-domain names the inviting organisation and role instead of offering "join existing"; join_existing with it joins at once', async () => {
      const owner = await newOrganisation(t, 'Domain Owners Ltd');
      const email = uniqueEmail(domainOf(owner));
      expect((await checkDomain(email)).json()).toEqual({ has_existing_org: true, organization_name: 'Domain Owners Ltd' });
      await invite(owner.access_token, { email, role: 'org_admin' });
      const checked = await checkDomain(email.toUpperCase());
      expect(checked.statusCode).toBe(200);
      expect(checked.json()).toEqual({ has_existing_org: false, invited: true, organization_name: 'Domain Owners Ltd', role: 'org_admin' });

      const joined = await t.app.inject({
        method: 'POST',
        url: `${API}/register/with-domain`,
        payload: { email, password: TEST_PASSWORD, name: 'Ivy Invited', choice: 'join_existing' },
      });
      expect(joined.statusCode).toBe(201);
      expect(joined.json().user).toMatchObject({ role: 'org_admin', org_id: owner.user.org_id });
      const requests = await call(t, 'GET', '/orgs/join-requests', owner.access_token);
      expect(requests.json().join_requests).toEqual([]);
      // Used up: the address now has an account, and the check no longer calls it invited.
      expect((await checkDomain(email)).json()).toEqual({ has_existing_org: true, organization_name: 'Domain Owners Ltd' });
    });

    it('check-domain for an address on a public mail domain: invited, with the newest invite’s organisation and role', async () => {
      const first = await newOrganisation(t, 'First Inviter');
      const second = await newOrganisation(t, 'Second Inviter');
      const email = uniqueEmail('gmail.com');
      expect((await checkDomain(email)).json()).toEqual({ has_existing_org: false });
      await invite(first.access_token, { email, role: 'org_admin' });
      await invite(second.access_token, { email, role: 'org_member' });
      expect((await checkDomain(email)).json()).toEqual({
        has_existing_org: false,
        invited: true,
        organization_name: 'Second Inviter',
        role: 'org_member',
      });
    });

    it('check-domain ignores expired and revoked invites: the usual answer, no invited or role', async () => {
      const owner = await newOrganisation(t, 'Lapsed Ltd');
      const expiredAddress = uniqueEmail(domainOf(owner));
      const revokedAddress = uniqueEmail();
      const expired = (await invite(owner.access_token, { email: expiredAddress, role: 'org_admin' })).json<OrgInvite>();
      const revoked = (await invite(owner.access_token, { email: revokedAddress, role: 'org_member' })).json<OrgInvite>();
      await expire(expired.id);
      await call(t, 'DELETE', `/orgs/invites/${revoked.id}`, owner.access_token);
      expect((await checkDomain(expiredAddress)).json()).toEqual({ has_existing_org: true, organization_name: 'Lapsed Ltd' });
      expect((await checkDomain(revokedAddress)).json()).toEqual({ has_existing_org: false });
    });

    it('an invited address registers without an organisation name (missing or empty): joined and signed in', async () => {
      const owner = await newOrganisation(t);
      const withoutName = uniqueEmail();
      const withEmptyName = uniqueEmail();
      await invite(owner.access_token, { email: withoutName, role: 'org_member' });
      await invite(owner.access_token, { email: withEmptyName, role: 'org_admin' });
      const organisationsBefore = await organisationCount();

      const missing = await registerWithout(withoutName, undefined);
      const empty = await registerWithout(withEmptyName, '');
      expect([missing.statusCode, empty.statusCode]).toEqual([201, 201]);
      expect(missing.json().user).toMatchObject({ email: withoutName, role: 'org_member', org_id: owner.user.org_id });
      expect(empty.json().user).toMatchObject({ email: withEmptyName, role: 'org_admin', org_id: owner.user.org_id });
      expect(await organisationCount()).toBe(organisationsBefore);
      expect(await pending(owner.access_token)).toEqual([]);
      expect((await call(t, 'GET', '/me', missing.json().access_token)).json()).toMatchObject({ email: withoutName });
    });

    it('create_new without an organisation name joins for an invited address; without an invite it is a 422 field error', async () => {
      const owner = await newOrganisation(t);
      const invited = uniqueEmail(domainOf(owner));
      await invite(owner.access_token, { email: invited, role: 'org_admin' });
      const createNew = (email: string) =>
        t.app.inject({
          method: 'POST',
          url: `${API}/register/with-domain`,
          payload: { email, password: TEST_PASSWORD, name: 'Ivy Invited', choice: 'create_new' },
        });
      const joined = await createNew(invited);
      expect(joined.statusCode).toBe(201);
      expect(joined.json().user).toMatchObject({ role: 'org_admin', org_id: owner.user.org_id });

      const stranger = uniqueEmail(domainOf(owner));
      const refused = await createNew(stranger);
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toEqual({
        detail: 'Validation error',
        code: 'VALIDATION_ERROR',
        errors: [{ field: 'org_name', message: 'Organisation name is required' }],
      });
      expect((await registerWithout(stranger, undefined)).statusCode).toBe(422);
    });

    it('once an invite expires, leaving out the organisation name is a 422 field error and creates nothing', async () => {
      const owner = await newOrganisation(t);
      const email = uniqueEmail();
      const sent = (await invite(owner.access_token, { email, role: 'org_admin' })).json<OrgInvite>();
      await expire(sent.id);
      const organisationsBefore = await organisationCount();
      const response = await registerWithout(email, '  ');
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toEqual([{ field: 'org_name', message: 'Organisation name is required' }]);
      expect(await organisationCount()).toBe(organisationsBefore);
      expect((await membersOf(owner)).map((m) => m.email)).not.toContain(email);
    });
  });
});
