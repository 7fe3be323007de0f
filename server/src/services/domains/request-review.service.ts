/**
 * An owner who cannot publish a DNS record (no access to the domain's DNS, a slow IT department)
 * asks Mosaic's platform admins to check the claim instead (docs/sso.md "Domain verification").
 * The claim waits in the admin area until one approves or rejects it; DNS still works meanwhile.
 */
import { eq } from 'drizzle-orm';
import { DOMAIN_TEXTS } from '../../../../src/contract/domain-claims';
import type { Db } from '../../db/database';
import { orgDomainClaims } from '../../db/schema/index';
import { conflict, notFound } from '../../errors';
import { recordOrganisationAudit } from '../audit/audit.service';
import { findClaim, type ClaimActor, type DomainClaimRow } from './domain-claims';

/** POST /settings/domain-claims/{domain}/review: the claim, awaiting review (asking twice changes nothing). */
export async function requestDomainReview(db: Db, actor: ClaimActor, domain: string, ipAddress: string | null): Promise<DomainClaimRow> {
  const claim = await findClaim(db, actor.orgId, domain);
  if (!claim) throw notFound(DOMAIN_TEXTS.claimNotFound(domain));
  if (claim.status === 'verified') throw conflict(DOMAIN_TEXTS.alreadyVerified(domain));
  if (claim.status === 'pending_review') return claim;
  return db.transaction(async (tx) => {
    const now = new Date();
    const [pending] = await tx
      .update(orgDomainClaims)
      .set({ status: 'pending_review', reviewReason: 'owner_request', reviewRequestedAt: now, reviewRequestedBy: actor.userId, updatedAt: now })
      .where(eq(orgDomainClaims.id, claim.id))
      .returning();
    if (!pending) throw notFound(DOMAIN_TEXTS.claimNotFound(domain));
    await recordOrganisationAudit(tx, actor, {
      action: 'domains.review_requested',
      target: { type: 'domain_claim', id: claim.id },
      ipAddress,
      details: { domain },
    });
    return pending;
  });
}
