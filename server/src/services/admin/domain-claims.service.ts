/**
 * Platform admins deciding email domain claims that DNS could not settle (docs/admin.md "Domain
 * claims"): an owner's request for review, a clash with the organisation holding the domain, or
 * a domain set up before verification existed that another organisation also uses. Approving
 * verifies the claim and, if another organisation held the domain, withdraws theirs; rejecting
 * leaves it unverified with the admin's reason. Each decision is audited with the reason.
 */
import { and, asc, eq, ne, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  ADMIN_DOMAIN_CLAIMS_MAX,
  DOMAIN_TEXTS,
  type AdminDomainClaim,
  type DomainClaimStatus,
  type DomainDecision,
} from '../../../../src/contract/domain-claims';
import type { Db, DbExecutor } from '../../db/database';
import { isUuid } from '../../db/ids';
import { orgDomainClaims, organizations, users } from '../../db/schema/index';
import { conflict, notFound } from '../../errors';
import type { DomainClaimRow } from '../domains/domain-claims';
import { recordAdminAudit, type AdminCaller } from './admin-audit';

const holder = alias(orgDomainClaims, 'holder_claim');
const holderOrg = alias(organizations, 'holder_org');
const conflictOrg = alias(organizations, 'conflict_org');

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** Claims as the admins see them: with the organisation, who asked, and any other organisation holding the domain. */
async function selectAdminClaims(db: DbExecutor, where: SQL): Promise<AdminDomainClaim[]> {
  const rows = await db
    .select({
      claim: orgDomainClaims,
      orgName: organizations.name,
      requestedBy: users.email,
      holderOrgId: holder.orgId,
      holderVerifiedAt: holder.verifiedAt,
      holderMethod: holder.verificationMethod,
      holderName: holderOrg.name,
      conflictName: conflictOrg.name,
    })
    .from(orgDomainClaims)
    .innerJoin(organizations, eq(organizations.id, orgDomainClaims.orgId))
    .leftJoin(users, eq(users.id, orgDomainClaims.reviewRequestedBy))
    .leftJoin(holder, and(eq(holder.domain, orgDomainClaims.domain), eq(holder.status, 'verified'), ne(holder.orgId, orgDomainClaims.orgId)))
    .leftJoin(holderOrg, eq(holderOrg.id, holder.orgId))
    .leftJoin(conflictOrg, eq(conflictOrg.id, orgDomainClaims.conflictOrgId))
    .where(where)
    .orderBy(asc(orgDomainClaims.reviewRequestedAt), asc(orgDomainClaims.createdAt))
    .limit(ADMIN_DOMAIN_CLAIMS_MAX);
  return rows.map((row) => ({
    id: row.claim.id,
    domain: row.claim.domain,
    status: row.claim.status,
    organization: { id: row.claim.orgId, name: row.orgName },
    review_reason: row.claim.reviewReason,
    review_requested_at: iso(row.claim.reviewRequestedAt),
    requested_by: row.requestedBy,
    holder:
      row.holderOrgId && row.holderName
        ? { id: row.holderOrgId, name: row.holderName, verified_at: iso(row.holderVerifiedAt), verification_method: row.holderMethod }
        : null,
    conflict_with: row.claim.conflictOrgId && row.conflictName ? { id: row.claim.conflictOrgId, name: row.conflictName } : null,
    last_checked_at: iso(row.claim.lastCheckedAt),
    last_check_problem: row.claim.lastCheckProblem,
    created_at: row.claim.createdAt.toISOString(),
  }));
}

/** GET /admin/domain-claims: claims in one state (those awaiting review by default), oldest request first. */
export function listDomainClaimsForAdmins(db: DbExecutor, status: DomainClaimStatus): Promise<AdminDomainClaim[]> {
  return selectAdminClaims(db, eq(orgDomainClaims.status, status));
}

/** The claim, locked, if it awaits review; 404 for an unknown id, 409 for one decided meanwhile. */
async function lockPendingClaim(tx: DbExecutor, id: string): Promise<DomainClaimRow> {
  if (!isUuid(id)) throw notFound(DOMAIN_TEXTS.adminClaimNotFound);
  const [claim] = await tx.select().from(orgDomainClaims).where(eq(orgDomainClaims.id, id)).for('update').limit(1);
  if (!claim) throw notFound(DOMAIN_TEXTS.adminClaimNotFound);
  if (claim.status !== 'pending_review') throw conflict(DOMAIN_TEXTS.adminNotPending);
  return claim;
}

const decided = (decision: DomainDecision, admin: AdminCaller, reason: string, now: Date) => ({
  decision,
  decidedAt: now,
  decidedBy: admin.user.id,
  decisionNote: reason,
  updatedAt: now,
});

function audit(tx: DbExecutor, admin: AdminCaller, action: 'domains.approved' | 'domains.rejected' | 'domains.withdrawn', claim: DomainClaimRow, details: Record<string, unknown>) {
  return recordAdminAudit(tx, admin, {
    action,
    orgId: claim.orgId,
    target: { type: 'domain_claim', id: claim.id },
    details: { domain: claim.domain, ...details },
  });
}

/**
 * POST /admin/domain-claims/{id}/approve: the claim becomes verified (by a platform admin). An
 * organisation holding the domain loses it in the same transaction (its claim goes back to
 * unverified, the reason shown to its owner), so the domain never has two holders.
 */
export async function approveDomainClaim(db: Db, admin: AdminCaller, id: string, reason: string): Promise<AdminDomainClaim> {
  await db.transaction(async (tx) => {
    const claim = await lockPendingClaim(tx, id);
    const now = new Date();
    const [previous] = await tx
      .update(orgDomainClaims)
      .set({ status: 'unverified', verifiedAt: null, verificationMethod: null, ...decided('withdrawn', admin, reason, now) })
      .where(and(eq(orgDomainClaims.domain, claim.domain), eq(orgDomainClaims.status, 'verified'), ne(orgDomainClaims.id, claim.id)))
      .returning();
    if (previous) await audit(tx, admin, 'domains.withdrawn', previous, { reason, given_to_org_id: claim.orgId });
    await tx
      .update(orgDomainClaims)
      .set({ status: 'verified', verifiedAt: now, verificationMethod: 'admin', reviewReason: null, conflictOrgId: null, ...decided('approved', admin, reason, now) })
      .where(eq(orgDomainClaims.id, claim.id));
    await audit(tx, admin, 'domains.approved', claim, { reason, review_reason: claim.reviewReason, withdrawn_from_org_id: previous?.orgId ?? null });
  });
  return adminClaim(db, id);
}

/** POST /admin/domain-claims/{id}/reject: back to unverified, with the reason for the owner; DNS can still prove it. */
export async function rejectDomainClaim(db: Db, admin: AdminCaller, id: string, reason: string): Promise<AdminDomainClaim> {
  await db.transaction(async (tx) => {
    const claim = await lockPendingClaim(tx, id);
    await tx
      .update(orgDomainClaims)
      .set({ status: 'unverified', reviewReason: null, ...decided('rejected', admin, reason, new Date()) })
      .where(eq(orgDomainClaims.id, claim.id));
    await audit(tx, admin, 'domains.rejected', claim, { reason, review_reason: claim.reviewReason });
  });
  return adminClaim(db, id);
}

async function adminClaim(db: DbExecutor, id: string): Promise<AdminDomainClaim> {
  const [claim] = await selectAdminClaims(db, eq(orgDomainClaims.id, id));
  if (!claim) throw notFound(DOMAIN_TEXTS.adminClaimNotFound);
  return claim;
}
