/**
 * Reading organisations' email domain claims (docs/sso.md "Domain verification"), and the shape
 * owners are shown. Only a verified claim lets a domain decide anything: which identity provider
 * the sign-in screen offers, and which organisation people of the domain may ask to join.
 */
import { randomBytes } from 'node:crypto';
import { and, asc, eq, ne } from 'drizzle-orm';
import { domainTxtRecordName, domainTxtRecordValue, type DomainClaim } from '../../../../src/contract/domain-claims';
import type { DbExecutor } from '../../db/database';
import { orgDomainClaims, organizations } from '../../db/schema/index';

export type DomainClaimRow = typeof orgDomainClaims.$inferSelect;

/** Who acts on a claim from Workspace Settings. */
export interface ClaimActor {
  userId: string;
  email: string;
  role: string;
  orgId: string;
}

/** 128 random bits as hex: a TXT value nobody can guess, and safe in every DNS host's form. */
export const newVerificationToken = (): string => randomBytes(16).toString('hex');

const iso = (date: Date | null) => date?.toISOString() ?? null;

export function toDomainClaim(row: DomainClaimRow): DomainClaim {
  return {
    domain: row.domain,
    status: row.status,
    txt_record: { name: domainTxtRecordName(row.domain), value: domainTxtRecordValue(row.verificationToken) },
    verified_at: iso(row.verifiedAt),
    verification_method: row.verificationMethod,
    review_requested_at: iso(row.reviewRequestedAt),
    review_reason: row.status === 'pending_review' ? row.reviewReason : null,
    last_checked_at: iso(row.lastCheckedAt),
    last_check_problem: row.lastCheckProblem,
    last_decision: row.decision && row.decidedAt ? { outcome: row.decision, at: row.decidedAt.toISOString(), note: row.decisionNote } : null,
  };
}

export async function findClaim(db: DbExecutor, orgId: string, domain: string): Promise<DomainClaimRow | undefined> {
  const [row] = await db
    .select()
    .from(orgDomainClaims)
    .where(and(eq(orgDomainClaims.orgId, orgId), eq(orgDomainClaims.domain, domain)))
    .limit(1);
  return row;
}

export function listClaims(db: DbExecutor, orgId: string): Promise<DomainClaimRow[]> {
  return db.select().from(orgDomainClaims).where(eq(orgDomainClaims.orgId, orgId)).orderBy(asc(orgDomainClaims.domain));
}

/** The verified claim to `domain` (at most one: a partial unique index), whoever holds it. */
export async function verifiedClaimOf(db: DbExecutor, domain: string): Promise<DomainClaimRow | undefined> {
  if (!domain) return undefined;
  const [row] = await db
    .select()
    .from(orgDomainClaims)
    .where(and(eq(orgDomainClaims.domain, domain), eq(orgDomainClaims.status, 'verified')))
    .limit(1);
  return row;
}

/** The verified claim to `domain` held by an organisation other than `orgId`, if any. */
export async function heldElsewhere(db: DbExecutor, orgId: string, domain: string): Promise<DomainClaimRow | undefined> {
  const [row] = await db
    .select()
    .from(orgDomainClaims)
    .where(and(eq(orgDomainClaims.domain, domain), eq(orgDomainClaims.status, 'verified'), ne(orgDomainClaims.orgId, orgId)))
    .limit(1);
  return row;
}

/** The organisation that holds `domain` verified, if one does: the only one its addresses may ask to join. */
export async function organisationHoldingDomain(db: DbExecutor, domain: string): Promise<{ id: string; name: string } | undefined> {
  if (!domain) return undefined;
  const [row] = await db
    .select({ id: organizations.id, name: organizations.name })
    .from(orgDomainClaims)
    .innerJoin(organizations, eq(organizations.id, orgDomainClaims.orgId))
    .where(and(eq(orgDomainClaims.domain, domain), eq(orgDomainClaims.status, 'verified')))
    .limit(1);
  return row;
}
