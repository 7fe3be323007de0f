/**
 * Email domains an organisation has claimed, and whether it has proved them (docs/sso.md "Domain
 * verification"). Only a verified claim lets a domain decide anything: the sign-in screen offers
 * the organisation's identity provider to its addresses, and people there may ask to join.
 * An owner proves a domain with a DNS TXT record, or a platform admin approves the claim.
 */
import { z } from 'zod';
import { SSO_TEXTS } from './sso';

const DOMAIN = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/** A lower-case email domain ('Example.COM' → 'example.com'), or the reason it is not one. */
export const emailDomainSchema = z
  .string({ error: SSO_TEXTS.domainInvalid })
  .trim()
  .toLowerCase()
  .transform((value) => value.replace(/^@/, ''))
  .pipe(z.string().regex(DOMAIN, SSO_TEXTS.domainInvalid));

export const DOMAIN_CLAIM_STATUSES = ['unverified', 'pending_review', 'verified'] as const;
export type DomainClaimStatus = (typeof DOMAIN_CLAIM_STATUSES)[number];

/** How a verified claim was proved: its TXT record, a platform admin, or the upgrade that introduced claims. */
export const DOMAIN_VERIFICATION_METHODS = ['dns', 'admin', 'migration'] as const;
export type DomainVerificationMethod = (typeof DOMAIN_VERIFICATION_METHODS)[number];

/** Why a claim waits for a platform admin. */
export const DOMAIN_REVIEW_REASONS = ['owner_request', 'conflict', 'migration'] as const;
export type DomainReviewReason = (typeof DOMAIN_REVIEW_REASONS)[number];

/** A platform admin's latest word on a claim: approved, rejected, or withdrawn because another organisation got the domain. */
export const DOMAIN_DECISIONS = ['approved', 'rejected', 'withdrawn'] as const;
export type DomainDecision = (typeof DOMAIN_DECISIONS)[number];

/** The TXT record's value is this prefix and the claim's token. */
export const DOMAIN_TXT_PREFIX = 'mosaic-verification=';
/** The record goes on this label below the domain (the domain itself is accepted too). */
export const DOMAIN_TXT_LABEL = '_mosaic-verification';

export const domainTxtRecordName = (domain: string): string => `${DOMAIN_TXT_LABEL}.${domain}`;
export const domainTxtRecordValue = (token: string): string => `${DOMAIN_TXT_PREFIX}${token}`;

export const DOMAIN_STATUS_LABELS: Record<DomainClaimStatus, string> = {
  unverified: 'Unverified',
  pending_review: 'Awaiting admin review',
  verified: 'Verified',
};

/** How a verified claim was proved, as the screens say it ("Verified 3 Mar 2026 by …"). */
export const DOMAIN_METHOD_LABELS: Record<DomainVerificationMethod, string> = {
  dns: 'its DNS TXT record',
  admin: 'a Mosaic platform admin',
  migration: 'single sign-on set up before domain verification existed',
};

export const DOMAIN_REVIEW_REASON_LABELS: Record<DomainReviewReason, string> = {
  owner_request: 'The owner cannot use DNS and asked for a review',
  conflict: 'Claimed while another organisation holds the domain',
  migration: 'Set up before domains were verified, and another organisation uses the domain',
};

/**
 * Most email domains one organisation can claim (any status): a claim past it is refused (409
 * DOMAIN_CLAIMS_LIMIT), so GET /settings/domain-claims is bounded by it.
 */
export const ORG_DOMAIN_CLAIMS_MAX = 20;
export const DOMAIN_CLAIMS_LIMIT_CODE = 'DOMAIN_CLAIMS_LIMIT';

export const DOMAIN_TEXTS = {
  tooManyClaims: `Your organisation has already claimed ${ORG_DOMAIN_CLAIMS_MAX} email domains, the most it can. Ask Mosaic support to withdraw the ones you no longer use, then claim this one.`,
  onlyOwnersClaim: 'Only organisation owners can claim and verify email domains',
  onlyManagersRead: "Only organisation owners and admins can see the organisation's email domains",
  claimNotFound: (domain: string) =>
    `Your organisation has not claimed ${domain}. Enter it as the email domain in the single sign-on settings first.`,
  takenByAnother: (domain: string) =>
    `${domain} is already verified by another organisation in Mosaic, so it cannot be used here. If ${domain} belongs to your organisation, contact Mosaic support: the clash has been sent to Mosaic's platform admins, who will check who owns the domain.`,
  recordMissing: (domain: string, name: string, value: string) =>
    `Mosaic found no TXT record "${value}" at ${name} or ${domain}. Add it where ${domain}'s DNS is managed, wait a few minutes for the change to spread, then choose Verify again.`,
  dnsUnavailable: (domain: string) =>
    `Mosaic could not get an answer from DNS about ${domain}. Try again in a few minutes; if it keeps failing, or you cannot add DNS records, choose "Ask for admin review" and a Mosaic platform admin will check the claim.`,
  alreadyPending: 'This claim is already waiting for a platform admin',
  alreadyVerified: (domain: string) => `${domain} is already verified for your organisation`,
  adminClaimNotFound: 'Domain claim not found',
  adminNotPending: 'Only claims awaiting review can be approved or rejected: this one was decided or verified meanwhile. Reload the list.',
} as const;

export const domainClaimSchema = z.object({
  domain: z.string(),
  status: z.enum(DOMAIN_CLAIM_STATUSES),
  /** The record that proves the domain: `name` TXT `value` (also accepted on the domain itself). */
  txt_record: z.object({ name: z.string(), value: z.string() }),
  verified_at: z.string().nullable(),
  verification_method: z.enum(DOMAIN_VERIFICATION_METHODS).nullable(),
  review_requested_at: z.string().nullable(),
  review_reason: z.enum(DOMAIN_REVIEW_REASONS).nullable(),
  /** The latest DNS check, and what it found wrong (null once it passed). */
  last_checked_at: z.string().nullable(),
  last_check_problem: z.string().nullable(),
  last_decision: z.object({ outcome: z.enum(DOMAIN_DECISIONS), at: z.string(), note: z.string().nullable() }).nullable(),
});
export type DomainClaim = z.infer<typeof domainClaimSchema>;

export const domainClaimListSchema = z.object({ claims: z.array(domainClaimSchema) });
export type DomainClaimList = z.infer<typeof domainClaimListSchema>;

/** POST /settings/domain-claims: claim a domain (no proof yet). */
export const claimDomainBodySchema = z.object({ domain: emailDomainSchema });
export type ClaimDomainBody = z.input<typeof claimDomainBodySchema>;

/** The platform admins' view (GET /admin/domain-claims). */
export const adminDomainClaimSchema = z.object({
  id: z.string(),
  domain: z.string(),
  status: z.enum(DOMAIN_CLAIM_STATUSES),
  organization: z.object({ id: z.string(), name: z.string() }),
  review_reason: z.enum(DOMAIN_REVIEW_REASONS).nullable(),
  review_requested_at: z.string().nullable(),
  /** Who asked, or whose attempt made the conflict (an email), if known. */
  requested_by: z.string().nullable(),
  /** Another organisation that holds the domain verified now, if any: approving takes it away from them. */
  holder: z
    .object({ id: z.string(), name: z.string(), verified_at: z.string().nullable(), verification_method: z.enum(DOMAIN_VERIFICATION_METHODS).nullable() })
    .nullable(),
  /** The organisation named when the claim went to review (the holder it clashed with, or the other user of a domain from before verification). */
  conflict_with: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** The latest DNS check: a check with no problem found the record. */
  last_checked_at: z.string().nullable(),
  last_check_problem: z.string().nullable(),
  created_at: z.string(),
});
export type AdminDomainClaim = z.infer<typeof adminDomainClaimSchema>;

export const adminDomainClaimListSchema = z.object({ claims: z.array(adminDomainClaimSchema) });

/** Most claims one admin list shows: a review queue, not an archive (the audit log keeps the history). */
export const ADMIN_DOMAIN_CLAIMS_MAX = 200;
export type AdminDomainClaimList = z.infer<typeof adminDomainClaimListSchema>;
