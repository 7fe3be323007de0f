import { sql } from 'drizzle-orm';
import { index, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import {
  DOMAIN_CLAIM_STATUSES,
  type DomainDecision,
  type DomainReviewReason,
  type DomainVerificationMethod,
} from '../../../../src/contract/domain-claims';
import { organizations } from './organizations';
import { users } from './users';

export const domainClaimStatusEnum = pgEnum('domain_claim_status', DOMAIN_CLAIM_STATUSES);

/**
 * An organisation's claim to an email domain (docs/sso.md "Domain verification"). Any number of
 * organisations may claim a domain, but only one can hold it verified (the partial unique index):
 * only that one's identity provider is offered at sign-in and only it receives join requests of
 * the domain's addresses. A claim is verified by a TXT record carrying its token, or by a platform
 * admin; the methods, reasons and decisions are the contract's lists, kept as text so a new one
 * needs no enum migration.
 */
export const orgDomainClaims = pgTable(
  'org_domain_claims',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** Lower-case, as in an email address. */
    domain: text('domain').notNull(),
    status: domainClaimStatusEnum('status').notNull().default('unverified'),
    /** Random, one per organisation and domain: the TXT record says `mosaic-verification=<token>`. */
    verificationToken: text('verification_token').notNull(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    verificationMethod: text('verification_method').$type<DomainVerificationMethod>(),
    /** Set while the claim waits for a platform admin (status pending_review), with why. */
    reviewReason: text('review_reason').$type<DomainReviewReason>(),
    reviewRequestedAt: timestamp('review_requested_at', { withTimezone: true }),
    reviewRequestedBy: uuid('review_requested_by').references(() => users.id, { onDelete: 'set null' }),
    /** The organisation that held the domain when this claim collided with it (for the admins' review). */
    conflictOrgId: uuid('conflict_org_id').references(() => organizations.id, { onDelete: 'set null' }),
    /** A platform admin's latest decision, shown to the owner (a rejection says why). */
    decision: text('decision').$type<DomainDecision>(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decisionNote: text('decision_note'),
    /** The latest DNS check and, when it failed, the sentence the owner was shown. */
    lastCheckedAt: timestamp('last_checked_at', { withTimezone: true }),
    lastCheckProblem: text('last_check_problem'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('org_domain_claims_org_domain_unique').on(table.orgId, table.domain),
    // One verified holder per domain, whatever races between two verifications or approvals.
    uniqueIndex('org_domain_claims_verified_domain_unique').on(table.domain).where(sql`${table.status} = 'verified'`),
    index('org_domain_claims_pending_idx').on(table.reviewRequestedAt).where(sql`${table.status} = 'pending_review'`),
  ],
);
