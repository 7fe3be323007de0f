/**
 * The platform admin endpoints (docs/admin.md "Endpoints (`/api/v1`)"): support and system admins
 * read the dashboard, accounts, organisations, the audit log, security signals and domain claims
 * awaiting review; only system admins act, each action with a reason and audited. Methods and
 * paths are in admin-routes.ts.
 */
import { z } from 'zod';
import {
  USER_STATUSES,
  adminOrganizationDetailSchema,
  adminOrganizationPageSchema,
  adminOverviewSchema,
  adminSecuritySummarySchema,
  adminUserDetailSchema,
  adminUserPageSchema,
  creditAdjustedSchema,
  creditAdjustmentBodySchema,
  reasonBodySchema,
  resetLinkSentSchema,
} from './admin';
import { auditPageSchema } from './audit';
import { auditQuerySchema } from './audit-query';
import { ROLES } from './auth';
import { DOMAIN_CLAIM_STATUSES, adminDomainClaimListSchema, adminDomainClaimSchema } from './domain-claims';
import type { EndpointDeclaration } from './endpoint';

const idParams = z.object({ id: z.string().min(1).max(100) });

/** A page of a list: `limit` 1–100 (default 50), `offset` from 0. */
const pageQuery = {
  limit: z.coerce.number().int().min(1).max(100).default(50),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
};

/** Free-text search: trimmed, at most 200 characters. */
const searchText = z.string().trim().max(200, 'Search at most 200 characters').optional();

const usersQuery = z.object({
  q: searchText,
  organization: z.string().trim().max(100).optional().describe("One organisation's people: its id"),
  role: z.enum(ROLES).optional(),
  status: z.enum(USER_STATUSES).optional(),
  ...pageQuery,
});

const organizationsQuery = z.object({ q: searchText, ...pageQuery });

const domainClaimsQuery = z.object({
  status: z.enum(DOMAIN_CLAIM_STATUSES, { error: "Status must be 'unverified', 'pending_review' or 'verified'" }).default('pending_review'),
});

const common = { tags: ['admin'], auth: 'bearer' } as const;
/** Suspend, reactivate and sign out everywhere: a reason in, the account as it is now out. */
const userAction = {
  ...common,
  params: idParams,
  body: reasonBodySchema,
  answers: { 200: adminUserDetailSchema },
  errors: [401, 403, 404, 422, 429],
} as const;
/** Approving and rejecting a domain claim: a reason in, the claim as decided out. */
const domainDecision = {
  ...common,
  params: idParams,
  body: reasonBodySchema,
  answers: { 200: adminDomainClaimSchema },
  errors: [401, 403, 404, 409, 422, 429],
} as const;

export const ADMIN_DECLARATIONS = {
  overview: {
    ...common,
    summary: 'Platform figures: organisations, people and activity, credits, documents, runs, job queues, latest failures',
    answers: { 200: adminOverviewSchema },
    errors: [401, 403, 429],
  },
  audit: {
    ...common,
    summary: 'The audit log of every organisation, newest first, filtered by action, actor, organisation and dates',
    query: auditQuerySchema,
    answers: { 200: auditPageSchema },
    errors: [401, 403, 422, 429],
  },
  security: {
    ...common,
    summary: 'Failed sign-ins, refresh-token reuse and rate-limit refusals over the last day and week',
    answers: { 200: adminSecuritySummarySchema },
    errors: [401, 403, 429],
  },
  users: {
    ...common,
    summary: 'Search every account (name, email or id), newest first',
    query: usersQuery,
    answers: { 200: adminUserPageSchema },
    errors: [401, 403, 422, 429],
  },
  user: {
    ...common,
    summary: 'One account: organisation, role, status, last sign-in, signed-in devices, suspension',
    params: idParams,
    answers: { 200: adminUserDetailSchema },
    errors: [401, 403, 404, 429],
  },
  suspendUser: {
    ...userAction,
    summary: 'Suspend the account (system admins): signed out everywhere at once, refused at sign-in; audited with the reason',
  },
  reactivateUser: { ...userAction, summary: 'Let a suspended account sign in again (system admins); audited with the reason' },
  signOutUser: { ...userAction, summary: 'Sign the account out on every device now (system admins); audited with the reason' },
  sendResetLink: {
    ...common,
    summary: 'Mail the account a single-use password reset link (system admins); audited',
    params: idParams,
    answers: { 200: resetLinkSentSchema },
    errors: [401, 403, 404, 409, 429, 502],
  },
  organizations: {
    ...common,
    summary: 'Search organisations (name, email domain or id), newest first, with plan, size and balance',
    query: organizationsQuery,
    answers: { 200: adminOrganizationPageSchema },
    errors: [401, 403, 422, 429],
  },
  organization: {
    ...common,
    summary: 'One organisation: plan, credits and the latest ledger entries, spaces, members',
    params: idParams,
    answers: { 200: adminOrganizationDetailSchema },
    errors: [401, 403, 404, 429],
  },
  adjustCredits: {
    ...common,
    summary: 'Add (positive) or remove (negative) credits with a reason (system admins): a ledger entry naming the admin, audited',
    params: idParams,
    body: creditAdjustmentBodySchema,
    answers: { 200: creditAdjustedSchema },
    errors: [401, 403, 404, 422, 429],
  },
  domainClaims: {
    ...common,
    summary: 'Email domain claims in one state (default: awaiting review), with the organisation holding the domain if another does',
    query: domainClaimsQuery,
    answers: { 200: adminDomainClaimListSchema },
    errors: [401, 403, 422, 429],
  },
  approveDomainClaim: {
    ...domainDecision,
    summary: 'Verifies a claim awaiting review (system admins), withdrawing the domain from any organisation that held it; audited with the reason',
  },
  rejectDomainClaim: {
    ...domainDecision,
    summary: 'Rejects a claim awaiting review (system admins): it stays unverified, the reason is shown to the owner and audited',
  },
} satisfies Record<string, EndpointDeclaration>;

export type AdminDeclarations = typeof ADMIN_DECLARATIONS;
