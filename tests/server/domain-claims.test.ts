/**
 * Email domains must be proved before they decide anything (docs/sso.md "Domain verification"):
 * an owner who types another organisation's domain into the single sign-on settings gets neither
 * its sign-ins nor its newcomers, and the real owner proves the domain with a TXT record that a
 * real DNS server (dns2, on a loopback port, asked through DNS_RESOLVER) serves.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { DOMAIN_TEXTS, type DomainClaim, type DomainClaimList } from '../../src/contract/domain-claims';
import type { SsoSettings } from '../../src/contract/sso-settings';
import { auditEvents } from '../../server/src/db/schema/index';
import { startDnsServer, type TestDnsServer } from '../helpers/dns-server';
import { startOidcProvider, type TestIdentityProvider } from '../helpers/oidc-provider';
import { API, TEST_PASSWORD, createTestApp, type RegisteredOwner, type TestApp } from '../helpers/server';
import { addPerson, call, domainOf, newOrganisation } from './org-helpers';

const PUBLIC_URL = 'http://mosaic.test';

describe('email domain claims', () => {
  let t: TestApp;
  let dns: TestDnsServer;
  let idp: TestIdentityProvider;

  beforeAll(async () => {
    dns = await startDnsServer();
    idp = await startOidcProvider({ redirectUris: [`${PUBLIC_URL}/api/v1/auth/sso/callback`] });
    t = await createTestApp({ env: { PUBLIC_URL, SSO_ALLOW_HTTP_ISSUERS: 'true', DNS_RESOLVER: dns.address } });
  }, 300_000);
  afterAll(async () => {
    await t.close();
    await idp.close();
    await dns.close();
  });
  beforeEach(() => {
    dns.txt.clear();
    dns.failing.clear();
  });

  const ssoSettings = (domain: string, providerName: string) => ({
    provider_name: providerName,
    issuer: idp.issuer,
    client_id: idp.clientId,
    client_secret: idp.clientSecret,
    email_domain: domain,
    enabled: true,
  });
  const lookup = async (email: string) => (await t.app.inject({ method: 'GET', url: `${API}/auth/sso/lookup`, query: { email } })).json();
  const startSignIn = (email: string) => t.app.inject({ method: 'GET', url: `${API}/auth/sso/start`, query: { email } });
  const checkDomain = async (email: string) => (await t.app.inject({ method: 'GET', url: `${API}/register/check-domain`, query: { email } })).json();
  const askToJoin = (email: string) =>
    t.app.inject({ method: 'POST', url: `${API}/register/with-domain`, payload: { email, password: TEST_PASSWORD, name: 'Nia Newcomer', choice: 'join_existing' } });
  const claimOf = async (owner: RegisteredOwner, domain: string) =>
    (await call(t, 'GET', '/settings/domain-claims', owner.access_token)).json<DomainClaimList>().claims.find((claim) => claim.domain === domain);
  const verify = (owner: RegisteredOwner, domain: string) => call(t, 'POST', `/settings/domain-claims/${domain}/verify`, owner.access_token);
  /** Publishes the claim's record the way its owner would at their DNS host. */
  const publish = (claim: DomainClaim, at = claim.txt_record.name) => dns.txt.set(at, [claim.txt_record.value]);
  const auditOf = (orgId: string, action: string) =>
    t.database.db.select().from(auditEvents).where(and(eq(auditEvents.orgId, orgId), eq(auditEvents.action, action)));

  it('refuses to offer a squatter’s provider, and lets the real owner prove the domain and take it', async () => {
    const victim = await newOrganisation(t, 'Victim Corp', 'Vera Victim');
    const squatter = await newOrganisation(t, 'Squat Ltd', 'Sid Squatter');
    const domain = domainOf(victim);

    // The squatter types the victim's domain first: saved, but only as an unverified claim.
    const squatted = await call(t, 'PUT', '/settings/sso', squatter.access_token, ssoSettings(domain, 'Victim Corp Okta'));
    expect(squatted.statusCode).toBe(200);
    expect((await call(t, 'GET', '/settings/sso', squatter.access_token)).json<SsoSettings>().domain_claim).toMatchObject({ domain, status: 'unverified' });
    expect(await lookup(`ceo@${domain}`)).toEqual({ sso: null });
    expect((await startSignIn(`ceo@${domain}`)).headers.location).toContain('error=SSO_NOT_CONFIGURED');
    // Nor do newcomers of the domain land in the squatter's organisation (or anyone's: nobody proved it).
    expect(await checkDomain(`newcomer@${domain}`)).toEqual({ has_existing_org: false });
    expect((await askToJoin(`newcomer@${domain}`)).statusCode).toBe(404);

    // The real owner is not refused: their settings save, and their record proves the domain.
    const owned = await call(t, 'PUT', '/settings/sso', victim.access_token, ssoSettings(domain, 'Victim ID'));
    expect(owned.statusCode).toBe(200);
    const claim = (await claimOf(victim, domain))!;
    expect(claim.txt_record).toEqual({ name: `_mosaic-verification.${domain}`, value: expect.stringMatching(/^mosaic-verification=[0-9a-f]{32}$/) });
    publish(claim);
    const verified = await verify(victim, domain);
    expect(verified.statusCode).toBe(200);
    expect(verified.json<DomainClaim>()).toMatchObject({ status: 'verified', verification_method: 'dns', last_check_problem: null });
    expect(await lookup(`ceo@${domain}`)).toEqual({ sso: { provider_name: 'Victim ID', organization_name: 'Victim Corp' } });
    expect(await checkDomain(`newcomer@${domain}`)).toEqual({ has_existing_org: true, organization_name: 'Victim Corp' });
    expect((await askToJoin(`newcomer@${domain}`)).json().message).toContain('Victim Corp');

    // Now the squatter is refused outright, told what to do, and the clash waits for the admins.
    const again = await call(t, 'PUT', '/settings/sso', squatter.access_token, ssoSettings(domain, 'Victim Corp Okta'));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'DOMAIN_TAKEN', detail: DOMAIN_TEXTS.takenByAnother(domain) });
    expect(await claimOf(squatter, domain)).toMatchObject({ status: 'pending_review', review_reason: 'conflict' });
    const [clash] = await auditOf(squatter.user.org_id!, 'domains.claim_conflict');
    expect(clash).toMatchObject({ actorEmail: squatter.email, details: { domain, held_by_org_id: victim.user.org_id } });
    // The victim's published record proves nothing for the squatter's claim: its token is the victim's.
    expect((await verify(squatter, domain)).json()).toMatchObject({ code: 'DOMAIN_RECORD_MISSING' });
    expect(await lookup(`ceo@${domain}`)).toMatchObject({ sso: { provider_name: 'Victim ID' } });
  });

  it('explains a missing record with the record to add, and keeps the outcome on the claim', async () => {
    const owner = await newOrganisation(t, 'Record Co');
    const domain = domainOf(owner);
    const claimed = await call(t, 'POST', '/settings/domain-claims', owner.access_token, { domain: domain.toUpperCase() });
    expect(claimed.statusCode).toBe(201);
    const claim = claimed.json<DomainClaim>();
    expect(claim).toMatchObject({ domain, status: 'unverified', verified_at: null });

    dns.txt.set(claim.txt_record.name, ['mosaic-verification=somebody-elses-token', 'v=spf1 -all']);
    const missing = await verify(owner, domain);
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toEqual({
      code: 'DOMAIN_RECORD_MISSING',
      detail: DOMAIN_TEXTS.recordMissing(domain, claim.txt_record.name, claim.txt_record.value),
    });
    expect(dns.asked).toEqual(expect.arrayContaining([claim.txt_record.name, domain]));
    expect(await claimOf(owner, domain)).toMatchObject({ status: 'unverified', last_check_problem: expect.stringContaining('Verify again') });

    // The record on the domain itself counts too.
    publish(claim, domain);
    expect((await verify(owner, domain)).json()).toMatchObject({ status: 'verified', last_check_problem: null });
    expect(await auditOf(owner.user.org_id!, 'domains.verified')).toEqual([expect.objectContaining({ details: expect.objectContaining({ domain, method: 'dns' }) })]);
    // Claiming it again is harmless: the same claim.
    expect((await call(t, 'POST', '/settings/domain-claims', owner.access_token, { domain })).statusCode).toBe(200);
  });

  it('says so when DNS gives no answer, and offers the admin review instead', async () => {
    const owner = await newOrganisation(t, 'Offline DNS Co');
    const domain = domainOf(owner);
    const claim = (await call(t, 'POST', '/settings/domain-claims', owner.access_token, { domain })).json<DomainClaim>();
    dns.failing.add(claim.txt_record.name).add(domain);
    const down = await verify(owner, domain);
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({ code: 'DNS_UNAVAILABLE', detail: DOMAIN_TEXTS.dnsUnavailable(domain) });

    const review = await call(t, 'POST', `/settings/domain-claims/${domain}/review`, owner.access_token);
    expect(review.statusCode).toBe(200);
    expect(review.json()).toMatchObject({ status: 'pending_review', review_reason: 'owner_request' });
    expect(await lookup(`someone@${domain}`)).toEqual({ sso: null });
    expect(await auditOf(owner.user.org_id!, 'domains.review_requested')).toHaveLength(1);
  });

  it('keeps claims to owners: admins read, members are refused, bad domains are explained', async () => {
    const owner = await newOrganisation(t, 'Roles Co');
    const domain = domainOf(owner);
    const admin = await addPerson(t, owner, 'Ann Admin', 'org_admin');
    const member = await addPerson(t, owner, 'Mo Member');
    expect((await call(t, 'GET', '/settings/domain-claims', admin.access_token)).statusCode).toBe(200);
    expect((await call(t, 'GET', '/settings/domain-claims', member.access_token)).json()).toMatchObject({ detail: DOMAIN_TEXTS.onlyManagersRead });
    expect((await call(t, 'POST', '/settings/domain-claims', admin.access_token, { domain })).json()).toMatchObject({ detail: DOMAIN_TEXTS.onlyOwnersClaim });
    expect((await call(t, 'POST', `/settings/domain-claims/${domain}/verify`, admin.access_token)).statusCode).toBe(403);

    const publicDomain = await call(t, 'POST', '/settings/domain-claims', owner.access_token, { domain: 'gmail.com' });
    expect(publicDomain.json().errors).toEqual([{ field: 'domain', message: expect.stringContaining('public email service') }]);
    const notADomain = await call(t, 'POST', '/settings/domain-claims', owner.access_token, { domain: 'not a domain' });
    expect(notADomain.json().errors).toEqual([{ field: 'domain', message: 'Enter one email domain, like example.com (no @, no spaces)' }]);
    const unclaimed = await verify(owner, 'never-claimed.example.org');
    expect(unclaimed.statusCode).toBe(404);
    expect(unclaimed.json().detail).toBe(DOMAIN_TEXTS.claimNotFound('never-claimed.example.org'));
  });
});
