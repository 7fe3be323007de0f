/**
 * An organisation claims at most ORG_DOMAIN_CLAIMS_MAX email domains (docs/scale.md "Every list
 * has a bound"): one more is refused with what to do, claiming one it already has still answers
 * that claim, and GET /settings/domain-claims lists at most the cap.
 */
import { describe, expect, it } from 'vitest';
import { DOMAIN_CLAIMS_LIMIT_CODE, DOMAIN_TEXTS, ORG_DOMAIN_CLAIMS_MAX, type DomainClaim } from '../../src/contract/domain-claims';
import { orgDomainClaims } from '../../server/src/db/schema/index';
import { appForSuite } from '../helpers/suite-fixtures';
import { call, newOrganisation } from './org-helpers';

describe('email domain claims: at most ORG_DOMAIN_CLAIMS_MAX an organisation', () => {
  const t = appForSuite();

  it('refuses a claim past the cap, still answers a claim already made, and lists at most the cap', async () => {
    const owner = await newOrganisation(t, 'Many Domains Org');
    const orgId = owner.user.org_id!;
    const suffix = Math.random().toString(36).slice(2, 8);
    // The owner's own domain is claimed at registration; the rest written straight to the table.
    const before = (await call(t, 'GET', '/settings/domain-claims', owner.access_token)).json<{ claims: DomainClaim[] }>().claims.length;
    await t.database.db.insert(orgDomainClaims).values(
      Array.from({ length: ORG_DOMAIN_CLAIMS_MAX - before - 1 }, (_, index) => ({ orgId, domain: `brand-${index}-${suffix}.example`, verificationToken: `token-${index}-${suffix}` })),
    );
    const last = await call(t, 'POST', '/settings/domain-claims', owner.access_token, { domain: `last-${suffix}.example` });
    expect(last.statusCode, last.body).toBe(201);

    const refused = await call(t, 'POST', '/settings/domain-claims', owner.access_token, { domain: `one-more-${suffix}.example` });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ detail: DOMAIN_TEXTS.tooManyClaims, code: DOMAIN_CLAIMS_LIMIT_CODE });
    expect(DOMAIN_TEXTS.tooManyClaims).toMatch(/Ask Mosaic support to withdraw/);

    const again = await call(t, 'POST', '/settings/domain-claims', owner.access_token, { domain: `brand-0-${suffix}.example` });
    expect(again.statusCode).toBe(200);
    const listed = (await call(t, 'GET', '/settings/domain-claims', owner.access_token)).json<{ claims: DomainClaim[] }>().claims;
    expect(listed).toHaveLength(ORG_DOMAIN_CLAIMS_MAX);
  });
});
