/**
 * An organisation holds at most ORG_PENDING_INVITES_MAX pending invites (docs/scale.md "Every list
 * has a bound"): a new invite past it is refused with what to do, re-inviting a pending address
 * still refreshes it, and withdrawing one makes room. GET /orgs/invites is bounded by the cap.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ORG_PENDING_INVITES_MAX, PENDING_INVITES_LIMIT_CODE, PENDING_INVITES_LIMIT_TEXT, type OrgInvitesResponse } from '../../src/contract/orgs';
import { orgInvites } from '../../server/src/db/schema/index';
import { appForSuite } from '../helpers/suite-fixtures';
import { call, newOrganisation } from './org-helpers';

describe('pending invites: at most ORG_PENDING_INVITES_MAX an organisation', () => {
  const t = appForSuite();

  it('refuses a new invite at the cap, still refreshes a pending one, and takes one again once there is room', async () => {
    const owner = await newOrganisation(t, 'Busy Org');
    const orgId = owner.user.org_id!;
    // The invites already sent, written straight to the table: sending 200 through the API would
    // take two days of the hourly invite limits.
    await t.database.db.insert(orgInvites).values(
      Array.from({ length: ORG_PENDING_INVITES_MAX }, (_, index) => ({
        orgId,
        email: `invitee-${index}@elsewhere.example`,
        role: 'org_member' as const,
        invitedBy: owner.user.id,
        expiresAt: sql`now() + interval '7 days'`,
      })),
    );
    const listed = (await call(t, 'GET', '/orgs/invites', owner.access_token)).json<OrgInvitesResponse>().invites;
    expect(listed).toHaveLength(ORG_PENDING_INVITES_MAX);

    const refused = await call(t, 'POST', '/orgs/invites', owner.access_token, { email: 'one-more@elsewhere.example', role: 'org_member' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ detail: PENDING_INVITES_LIMIT_TEXT, code: PENDING_INVITES_LIMIT_CODE });
    expect(PENDING_INVITES_LIMIT_TEXT).toMatch(/Withdraw invites nobody will accept/);

    // Inviting a pending address again refreshes its invite: no new place is taken.
    const again = await call(t, 'POST', '/orgs/invites', owner.access_token, { email: 'invitee-3@elsewhere.example', role: 'org_admin' });
    expect(again.statusCode).toBe(201);

    const withdrawn = await call(t, 'DELETE', `/orgs/invites/${listed[0]!.id}`, owner.access_token);
    expect(withdrawn.statusCode).toBe(204);
    const taken = await call(t, 'POST', '/orgs/invites', owner.access_token, { email: 'one-more@elsewhere.example', role: 'org_member' });
    expect(taken.statusCode).toBe(201);
    expect((await call(t, 'GET', '/orgs/invites', owner.access_token)).json<OrgInvitesResponse>().invites).toHaveLength(ORG_PENDING_INVITES_MAX);
  });

  it('counts only invites that can still be accepted: an expired one leaves room', async () => {
    const owner = await newOrganisation(t, 'Expired Org');
    await t.database.db.insert(orgInvites).values(
      Array.from({ length: ORG_PENDING_INVITES_MAX }, (_, index) => ({
        orgId: owner.user.org_id!,
        email: `old-${index}@elsewhere.example`,
        role: 'org_member' as const,
        expiresAt: sql`now() - interval '1 day'`,
      })),
    );
    const sent = await call(t, 'POST', '/orgs/invites', owner.access_token, { email: 'fresh@elsewhere.example', role: 'org_member' });
    expect(sent.statusCode).toBe(201);
  });
});
