/**
 * An owner claiming an email domain (docs/sso.md "Domain verification"). A claim on its own
 * proves nothing and decides nothing; it gives the organisation a token to publish in DNS. A
 * domain another organisation already holds verified cannot be claimed: the attempt is refused
 * with 409 and kept as a claim awaiting a platform admin's review, so a genuine owner who was
 * squatted (or an organisation that was sold the domain) has a way forward, and it is audited.
 */
import { count, eq, sql } from 'drizzle-orm';
import { DOMAIN_CLAIMS_LIMIT_CODE, DOMAIN_TEXTS, ORG_DOMAIN_CLAIMS_MAX } from '../../../../src/contract/domain-claims';
import type { Db, DbExecutor } from '../../db/database';
import { orgDomainClaims } from '../../db/schema/index';
import { AppError } from '../../errors';
import { recordAudit } from '../audit/audit.service';
import { findClaim, heldElsewhere, newVerificationToken, type ClaimActor, type DomainClaimRow } from './domain-claims';

export const DOMAIN_TAKEN_CODE = 'DOMAIN_TAKEN';

export const domainTaken = (domain: string) => new AppError(409, DOMAIN_TEXTS.takenByAnother(domain), DOMAIN_TAKEN_CODE);

const auditActor = (actor: ClaimActor) => ({ userId: actor.userId, email: actor.email, role: actor.role });

/**
 * Puts the organisation's claim to `domain` in front of the platform admins, naming the
 * organisation that holds it, and audits the clash. Asked again while it already waits for the
 * same reason, it changes and records nothing (an owner retrying the form is not a new clash).
 */
export async function recordClaimConflict(db: Db, actor: ClaimActor, domain: string, holder: DomainClaimRow, ipAddress: string | null): Promise<void> {
  await db.transaction(async (tx) => {
    const claim = await findOrCreateClaim(tx, actor.orgId, domain);
    if (claim.status === 'pending_review' && claim.reviewReason === 'conflict' && claim.conflictOrgId === holder.orgId) return;
    const now = new Date();
    await tx
      .update(orgDomainClaims)
      .set({ status: 'pending_review', reviewReason: 'conflict', reviewRequestedAt: now, reviewRequestedBy: actor.userId, conflictOrgId: holder.orgId, updatedAt: now })
      .where(eq(orgDomainClaims.id, claim.id));
    await recordAudit(tx, {
      action: 'domains.claim_conflict',
      actor: auditActor(actor),
      orgId: actor.orgId,
      target: { type: 'domain_claim', id: claim.id },
      ipAddress,
      details: { domain, held_by_org_id: holder.orgId, held_since: holder.verifiedAt?.toISOString() ?? null, held_by_method: holder.verificationMethod },
    });
  });
}

/** Refuses (409, after recording the clash) when another organisation holds `domain` verified. */
export async function refuseIfHeldElsewhere(db: Db, actor: ClaimActor, domain: string, ipAddress: string | null): Promise<void> {
  const holder = await heldElsewhere(db, actor.orgId, domain);
  if (!holder) return;
  await recordClaimConflict(db, actor, domain, holder, ipAddress);
  throw domainTaken(domain);
}

/**
 * A new claim past ORG_DOMAIN_CLAIMS_MAX is refused. The organisation's row is locked first (the
 * claim is made in a transaction), so two claims at once cannot both take the last place.
 */
async function refuseOverClaimLimit(db: DbExecutor, orgId: string): Promise<void> {
  await db.execute(sql`SELECT id FROM organizations WHERE id = ${orgId} FOR UPDATE`);
  const [claims] = await db.select({ value: count() }).from(orgDomainClaims).where(eq(orgDomainClaims.orgId, orgId));
  if ((claims?.value ?? 0) >= ORG_DOMAIN_CLAIMS_MAX) throw new AppError(409, DOMAIN_TEXTS.tooManyClaims, DOMAIN_CLAIMS_LIMIT_CODE);
}

/** The organisation's claim to `domain`, made (unverified, with a new token) if there is none. */
async function findOrCreateClaim(db: DbExecutor, orgId: string, domain: string): Promise<DomainClaimRow & { created?: true }> {
  const existing = await findClaim(db, orgId, domain);
  if (existing) return existing;
  await refuseOverClaimLimit(db, orgId);
  const [created] = await db
    .insert(orgDomainClaims)
    .values({ orgId, domain, verificationToken: newVerificationToken() })
    .onConflictDoNothing({ target: [orgDomainClaims.orgId, orgDomainClaims.domain] })
    .returning();
  if (created) return { ...created, created: true };
  // Made meanwhile by a second request of the same organisation: that one is the claim.
  const raced = await findClaim(db, orgId, domain);
  if (!raced) throw new Error('domain claim neither inserted nor found');
  return raced;
}

/** Makes sure the organisation claims `domain` (in the caller's transaction); audits a new claim. */
export async function ensureClaim(db: DbExecutor, actor: ClaimActor, domain: string, ipAddress: string | null): Promise<DomainClaimRow> {
  const claim = await findOrCreateClaim(db, actor.orgId, domain);
  if (claim.created) {
    await recordAudit(db, {
      action: 'domains.claimed',
      actor: auditActor(actor),
      orgId: actor.orgId,
      target: { type: 'domain_claim', id: claim.id },
      ipAddress,
      details: { domain },
    });
  }
  const { created: _created, ...row } = claim;
  return row;
}

/** POST /settings/domain-claims: the claim (existing or new), or 409 when another organisation holds the domain. */
export async function claimDomain(db: Db, actor: ClaimActor, domain: string, ipAddress: string | null): Promise<{ claim: DomainClaimRow; created: boolean }> {
  await refuseIfHeldElsewhere(db, actor, domain, ipAddress);
  const existing = await findClaim(db, actor.orgId, domain);
  if (existing) return { claim: existing, created: false };
  return { claim: await db.transaction((tx) => ensureClaim(tx, actor, domain, ipAddress)), created: true };
}
