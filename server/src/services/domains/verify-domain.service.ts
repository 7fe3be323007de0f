/**
 * Proving a claimed domain by DNS (docs/sso.md "Domain verification"): the claim's TXT record,
 * `mosaic-verification=<token>`, at `_mosaic-verification.<domain>` or on the domain itself. Only
 * whoever controls the domain's DNS can publish it, and the token is the claiming organisation's
 * own, so a record published for one organisation proves nothing for another.
 */
import { eq } from 'drizzle-orm';
import { DOMAIN_TEXTS, domainTxtRecordName, domainTxtRecordValue } from '../../../../src/contract/domain-claims';
import type { Db } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import { orgDomainClaims } from '../../db/schema/index';
import { AppError, notFound } from '../../errors';
import { recordOrganisationAudit } from '../audit/audit.service';
import { domainTaken, recordClaimConflict } from './claim-domain.service';
import { findClaim, heldElsewhere, verifiedClaimOf, type ClaimActor, type DomainClaimRow } from './domain-claims';
import type { DnsTxtLookup, TxtAnswer } from './dns-txt';

export const RECORD_MISSING_CODE = 'DOMAIN_RECORD_MISSING';
export const DNS_UNAVAILABLE_CODE = 'DNS_UNAVAILABLE';

type Finding = 'found' | 'missing' | 'unavailable';

/** Found at either name wins; otherwise a name DNS did not answer for leaves the question open. */
function findingOf(answers: TxtAnswer[], expected: string): Finding {
  if (answers.some((answer) => answer.kind === 'records' && answer.values.some((value) => value.trim() === expected))) return 'found';
  return answers.some((answer) => answer.kind === 'unavailable') ? 'unavailable' : 'missing';
}

async function noteCheck(db: Db, claim: DomainClaimRow, problem: string | null): Promise<void> {
  const now = new Date();
  await db.update(orgDomainClaims).set({ lastCheckedAt: now, lastCheckProblem: problem, updatedAt: now }).where(eq(orgDomainClaims.id, claim.id));
}

/**
 * POST /settings/domain-claims/{domain}/verify. Answers the verified claim; 422 when the record
 * is not there (with the record to add), 503 when DNS gave no answer (try again, or ask for a
 * review), 409 when another organisation holds the domain (the clash goes to the admins, naming
 * that the record was found). The outcome is kept on the claim for the owner's next visit.
 */
export async function verifyDomainByDns(db: Db, dns: DnsTxtLookup, actor: ClaimActor, domain: string, ipAddress: string | null): Promise<DomainClaimRow> {
  const claim = await findClaim(db, actor.orgId, domain);
  if (!claim) throw notFound(DOMAIN_TEXTS.claimNotFound(domain));
  if (claim.status === 'verified') return claim;

  const name = domainTxtRecordName(domain);
  const expected = domainTxtRecordValue(claim.verificationToken);
  const finding = findingOf(await Promise.all([dns.lookupTxt(name), dns.lookupTxt(domain)]), expected);
  if (finding === 'missing') {
    const problem = DOMAIN_TEXTS.recordMissing(domain, name, expected);
    await noteCheck(db, claim, problem);
    throw new AppError(422, problem, RECORD_MISSING_CODE);
  }
  if (finding === 'unavailable') {
    const problem = DOMAIN_TEXTS.dnsUnavailable(domain);
    await noteCheck(db, claim, problem);
    throw new AppError(503, problem, DNS_UNAVAILABLE_CODE);
  }

  await noteCheck(db, claim, null);
  const holder = await heldElsewhere(db, actor.orgId, domain);
  if (holder) {
    await recordClaimConflict(db, actor, domain, holder, ipAddress);
    throw domainTaken(domain);
  }
  try {
    return await db.transaction(async (tx) => {
      const now = new Date();
      const [verified] = await tx
        .update(orgDomainClaims)
        .set({ status: 'verified', verifiedAt: now, verificationMethod: 'dns', reviewReason: null, conflictOrgId: null, updatedAt: now })
        .where(eq(orgDomainClaims.id, claim.id))
        .returning();
      if (!verified) throw notFound(DOMAIN_TEXTS.claimNotFound(domain));
      await recordOrganisationAudit(tx, actor, {
        action: 'domains.verified',
        target: { type: 'domain_claim', id: claim.id },
        ipAddress,
        details: { domain, method: 'dns', record: name },
      });
      return verified;
    });
  } catch (error) {
    // Another organisation's verification or approval committed between the check above and this one.
    if (!isUniqueViolation(error, 'org_domain_claims_verified_domain_unique')) throw error;
    const winner = await verifiedClaimOf(db, domain);
    if (winner && winner.orgId !== actor.orgId) await recordClaimConflict(db, actor, domain, winner, ipAddress);
    throw domainTaken(domain);
  }
}
