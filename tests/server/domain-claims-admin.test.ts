/**
 * Platform admins deciding domain claims DNS could not settle (docs/admin.md "Domain claims"): an
 * owner's request for review, and a clash with the organisation holding the domain, which an
 * approval resolves by moving the domain. Support admins read; system admins decide, with reasons,
 * and every step is audited.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { ADMIN_TEXTS } from '../../src/contract/admin';
import { DOMAIN_TEXTS, type AdminDomainClaim, type AdminDomainClaimList, type DomainClaim, type DomainClaimList } from '../../src/contract/domain-claims';
import { auditEvents } from '../../server/src/db/schema/index';
import { holdDomainVerified } from '../helpers/domain-claims';
import { API, createTestApp, type RegisteredOwner, type SignedIn, type TestApp } from '../helpers/server';
import { adminCall, signInPlatformAdmin } from './admin-helpers';
import { call, domainOf, newOrganisation } from './org-helpers';

describe('platform admins and domain claims', () => {
  let t: TestApp;
  let system: SignedIn;
  let support: SignedIn;

  beforeAll(async () => {
    t = await createTestApp();
    system = await signInPlatformAdmin(t, 'system_admin');
    support = await signInPlatformAdmin(t, 'support_admin');
  }, 300_000);
  afterAll(() => t.close());

  const pending = async () => (await adminCall(t, 'GET', '/admin/domain-claims', support.access_token)).json<AdminDomainClaimList>().claims;
  const claimOf = async (owner: RegisteredOwner, domain: string) =>
    (await call(t, 'GET', '/settings/domain-claims', owner.access_token)).json<DomainClaimList>().claims.find((claim) => claim.domain === domain);
  const checkDomain = async (domain: string) =>
    (await t.app.inject({ method: 'GET', url: `${API}/register/check-domain`, query: { email: `someone@${domain}` } })).json();
  const auditOf = (orgId: string, action: string) =>
    t.database.db.select().from(auditEvents).where(and(eq(auditEvents.orgId, orgId), eq(auditEvents.action, action)));
  const askForReview = async (owner: RegisteredOwner, domain = domainOf(owner)) => {
    expect((await call(t, 'POST', '/settings/domain-claims', owner.access_token, { domain })).statusCode).toBe(201);
    expect((await call(t, 'POST', `/settings/domain-claims/${domain}/review`, owner.access_token)).statusCode).toBe(200);
    return (await pending()).find((claim) => claim.domain === domain)!;
  };

  it('approves an owner’s request for review: the domain is verified and people of it may ask to join', async () => {
    const owner = await newOrganisation(t, 'Review Me Ltd', 'Rita Owner');
    const domain = domainOf(owner);
    const listed = await askForReview(owner);
    expect(listed).toMatchObject({
      domain,
      status: 'pending_review',
      organization: { id: owner.user.org_id, name: 'Review Me Ltd' },
      review_reason: 'owner_request',
      requested_by: owner.email,
      holder: null,
    });
    expect(await checkDomain(domain)).toEqual({ has_existing_org: false });

    // Only system admins decide; nobody else even reads the queue.
    expect((await adminCall(t, 'POST', `/admin/domain-claims/${listed.id}/approve`, support.access_token, { reason: 'Checked with the owner' })).json()).toMatchObject({ detail: ADMIN_TEXTS.readOnly });
    expect((await adminCall(t, 'GET', '/admin/domain-claims', owner.access_token)).json()).toMatchObject({ detail: ADMIN_TEXTS.adminsOnly });
    const noReason = await adminCall(t, 'POST', `/admin/domain-claims/${listed.id}/approve`, system.access_token, { reason: 'ok' });
    expect(noReason.statusCode).toBe(422);

    const approved = await adminCall(t, 'POST', `/admin/domain-claims/${listed.id}/approve`, system.access_token, { reason: 'Ticket 4711: invoice for the domain seen' });
    expect(approved.statusCode).toBe(200);
    expect(approved.json<AdminDomainClaim>()).toMatchObject({ id: listed.id, status: 'verified' });
    expect(await claimOf(owner, domain)).toMatchObject({
      status: 'verified',
      verification_method: 'admin',
      last_decision: { outcome: 'approved', note: 'Ticket 4711: invoice for the domain seen' },
    });
    expect(await checkDomain(domain)).toEqual({ has_existing_org: true, organization_name: 'Review Me Ltd' });
    expect(await auditOf(owner.user.org_id!, 'domains.approved')).toEqual([
      expect.objectContaining({ actorEmail: system.email, details: expect.objectContaining({ domain, reason: 'Ticket 4711: invoice for the domain seen' }) }),
    ]);
    // Decided once: a second decision is refused with why.
    const twice = await adminCall(t, 'POST', `/admin/domain-claims/${listed.id}/reject`, system.access_token, { reason: 'Changed my mind' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().detail).toBe(DOMAIN_TEXTS.adminNotPending);
  });

  it('rejects a claim with a reason the owner sees; it stays unverified', async () => {
    const owner = await newOrganisation(t, 'Not Yours plc');
    const domain = domainOf(owner);
    const listed = await askForReview(owner);
    const rejected = await adminCall(t, 'POST', `/admin/domain-claims/${listed.id}/reject`, system.access_token, { reason: 'The domain belongs to a university' });
    expect(rejected.json()).toMatchObject({ status: 'unverified' });
    expect(await claimOf(owner, domain)).toMatchObject<Partial<DomainClaim>>({
      status: 'unverified',
      review_reason: null,
      last_decision: { outcome: 'rejected', at: expect.any(String), note: 'The domain belongs to a university' },
    });
    expect((await pending()).some((claim) => claim.id === listed.id)).toBe(false);
    expect(await auditOf(owner.user.org_id!, 'domains.rejected')).toHaveLength(1);
  });

  it('sends a clash with the holder to the admins, audited; approving it moves the domain', async () => {
    const holder = await newOrganisation(t, 'First Holder Inc');
    const claimant = await newOrganisation(t, 'Real Owner GmbH');
    const domain = domainOf(holder);
    await holdDomainVerified(t.database, holder.user.org_id!, domain);

    const refused = await call(t, 'POST', '/settings/domain-claims', claimant.access_token, { domain });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ code: 'DOMAIN_TAKEN', detail: DOMAIN_TEXTS.takenByAnother(domain) });
    // Trying again is the same clash, not a new one.
    expect((await call(t, 'POST', '/settings/domain-claims', claimant.access_token, { domain })).statusCode).toBe(409);
    expect(await auditOf(claimant.user.org_id!, 'domains.claim_conflict')).toEqual([
      expect.objectContaining({ actorEmail: claimant.email, details: expect.objectContaining({ domain, held_by_org_id: holder.user.org_id }) }),
    ]);
    const clash = (await pending()).find((claim) => claim.domain === domain && claim.organization.id === claimant.user.org_id)!;
    expect(clash).toMatchObject({
      review_reason: 'conflict',
      requested_by: claimant.email,
      holder: { id: holder.user.org_id, name: 'First Holder Inc', verification_method: 'dns' },
      conflict_with: { id: holder.user.org_id, name: 'First Holder Inc' },
    });

    const approved = await adminCall(t, 'POST', `/admin/domain-claims/${clash.id}/approve`, system.access_token, { reason: 'Registrar confirmed Real Owner GmbH' });
    expect(approved.json()).toMatchObject({ status: 'verified', holder: null });
    expect(await checkDomain(domain)).toEqual({ has_existing_org: true, organization_name: 'Real Owner GmbH' });
    expect(await claimOf(holder, domain)).toMatchObject({ status: 'unverified', last_decision: { outcome: 'withdrawn', note: 'Registrar confirmed Real Owner GmbH' } });
    expect(await auditOf(holder.user.org_id!, 'domains.withdrawn')).toEqual([
      expect.objectContaining({ details: expect.objectContaining({ domain, given_to_org_id: claimant.user.org_id }) }),
    ]);
    // The former holder now meets the same refusal.
    expect((await call(t, 'POST', '/settings/domain-claims', holder.access_token, { domain })).statusCode).toBe(409);
  });

  it('answers 404 for an unknown claim and 422 for an unknown state', async () => {
    const unknown = await adminCall(t, 'POST', '/admin/domain-claims/00000000-0000-4000-8000-000000000000/approve', system.access_token, { reason: 'Looks fine' });
    expect(unknown.statusCode).toBe(404);
    expect((await adminCall(t, 'POST', '/admin/domain-claims/not-an-id/reject', system.access_token, { reason: 'Looks fine' })).statusCode).toBe(404);
    const badState = await adminCall(t, 'GET', '/admin/domain-claims?status=everything', support.access_token);
    expect(badState.statusCode).toBe(422);
  });
});
