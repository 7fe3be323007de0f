/**
 * "Copy invite link" in the invite list (POST /orgs/invites/{id}/link) and the owners and admins
 * everyone may contact (GET /orgs/contacts), by role and organisation.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrgContact, ReissuedInviteLink, SentInvite } from '../../src/contract/orgs';
import { orgInvites } from '../../server/src/db/schema/index';
import { API, TEST_PASSWORD, createTestApp, type RegisteredOwner, type SignedIn, type TestApp } from '../helpers/server';
import { secretOf } from '../helpers/mail';
import { addPerson, call, newOrganisation } from './org-helpers';

describe('invite links from the list, and whom to contact', () => {
  let t: TestApp;
  let owner: RegisteredOwner;
  let admin: SignedIn;
  let member: SignedIn;
  let other: RegisteredOwner;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await newOrganisation(t, 'Link Org', 'Olga Owner');
    admin = await addPerson(t, owner, 'Ann Admin', 'org_admin');
    member = await addPerson(t, owner, 'Mo Member');
    other = await newOrganisation(t, 'Other Org', 'Otto Other');
  }, 300_000); // several accounts on a loaded machine (a 120 s default failed at load average 34)
  afterAll(() => t.close());

  const send = async (email: string) => (await call(t, 'POST', '/orgs/invites', owner.access_token, { email, role: 'org_member' })).json<SentInvite>();
  const invitation = (link: string) => t.app.inject({ method: 'GET', url: `${API}/register/invitation`, query: { token: secretOf(link) } });

  it('gives owners and admins a new link with the same expiry; the earlier link stops working, the new one joins', async () => {
    const sent = await send('copy.me@example.org');
    const byAdmin = await call(t, 'POST', `/orgs/invites/${sent.id}/link`, admin.access_token);
    expect(byAdmin.statusCode).toBe(200);
    const reissued = byAdmin.json<ReissuedInviteLink>();
    expect(reissued.expires_at).toBe(sent.expires_at);
    expect(reissued.invite_link).not.toBe(sent.invite_link);
    expect((await invitation(sent.invite_link)).statusCode).toBe(404);
    expect((await invitation(reissued.invite_link)).json()).toMatchObject({ organization_name: 'Link Org', email: 'copy.me@example.org' });

    const joined = await t.app.inject({
      method: 'POST',
      url: `${API}/register`,
      payload: { email: 'copy.me@example.org', password: TEST_PASSWORD, name: 'Cora Copy', invite_token: secretOf(reissued.invite_link) },
    });
    expect(joined.statusCode).toBe(201);
    expect(joined.json().user).toMatchObject({ role: 'org_member', org_id: owner.user.org_id });
    // Accepted: no more links for it.
    expect((await call(t, 'POST', `/orgs/invites/${sent.id}/link`, owner.access_token)).statusCode).toBe(409);
  });

  it('refuses members, other organisations, unknown ids and expired invites', async () => {
    const sent = await send('not.yours@example.org');
    expect((await call(t, 'POST', `/orgs/invites/${sent.id}/link`, member.access_token)).statusCode).toBe(403);
    expect((await call(t, 'POST', `/orgs/invites/${sent.id}/link`, other.access_token)).statusCode).toBe(404);
    expect((await call(t, 'POST', '/orgs/invites/not-an-id/link', owner.access_token)).statusCode).toBe(404);
    await t.database.db.update(orgInvites).set({ expiresAt: sql`now() - interval '1 minute'` }).where(eq(orgInvites.id, sent.id));
    const expired = await call(t, 'POST', `/orgs/invites/${sent.id}/link`, owner.access_token);
    expect(expired.statusCode).toBe(409);
    expect(expired.json().detail).toContain('invite the address again');
  });

  it('lists the owners and admins by name for everyone in the organisation, and only its own', async () => {
    for (const person of [owner, admin, member]) {
      const response = await call(t, 'GET', '/orgs/contacts', person.access_token);
      expect(response.statusCode).toBe(200);
      expect(response.json<{ contacts: OrgContact[] }>().contacts).toEqual([
        { name: 'Olga Owner', email: owner.email, role: 'org_owner' },
        { name: 'Ann Admin', email: admin.email, role: 'org_admin' },
      ]);
    }
    const theirs = (await call(t, 'GET', '/orgs/contacts', other.access_token)).json<{ contacts: OrgContact[] }>().contacts;
    expect(theirs).toEqual([{ name: 'Otto Other', email: other.email, role: 'org_owner' }]);
    expect((await t.app.inject({ method: 'GET', url: `${API}/orgs/contacts` })).statusCode).toBe(401);
  });
});
