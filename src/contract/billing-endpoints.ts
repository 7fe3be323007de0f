/**
 * The billing endpoints (spec 001 §7; docs/billing.md): per endpoint its schemas, the error
 * statuses it answers and its OpenAPI description; methods and paths are in billing-routes.ts.
 * Plan, credits and reports are space-scoped reads for everyone in the organisation; buying and
 * changing plan are for owners and admins (server/src/routes/billing/roles.ts).
 */
import { creditsSchema, planSchema } from './billing';
import {
  activityFeedSchema,
  activityQuery,
  activityRecordBody,
  adjustBody,
  bulkCreateBody,
  bulkCreatedSchema,
  catalogueSchema,
  checkoutParams,
  checkoutSchema,
  checkoutStartedSchema,
  createdTransactionSchema,
  creditChangeSchema,
  deductBody,
  deductResultSchema,
  planChangeSchema,
  purchaseBody,
  transactionPageSchema,
  transactionsQuery,
  upgradeBody,
  usageBreakdownSchema,
  usageQuery,
  usageRecordBody,
} from './billing-schemas';
import type { EndpointDeclaration } from './endpoint';

const tags = ['billing'];
const bearer = { tags, auth: 'bearer' } as const;

const upgradePlan = {
  ...bearer,
  summary: 'Pay for a paid plan (owners and admins): 200 changed (demo payments) or 202 with the Stripe payment page',
  body: upgradeBody,
  answers: { 200: planChangeSchema, 202: checkoutStartedSchema },
  errors: [400, 401, 402, 403, 404, 409, 422, 502],
} satisfies EndpointDeclaration;

/** A usage recorded as a debit: 201, or 200 with the first record for a repeated Idempotency-Key. */
const recorded = { 200: createdTransactionSchema, 201: createdTransactionSchema };
const recordErrors = [400, 401, 402, 403, 404, 422];

export const BILLING_DECLARATIONS = {
  catalogue: {
    tags,
    auth: 'public',
    summary: 'The plans and credit packages on sale (public: the Pricing screen needs no sign-in)',
    answers: { 200: catalogueSchema },
    errors: [],
  },
  plan: { ...bearer, summary: "The organisation's current plan", answers: { 200: planSchema }, errors: [400, 401, 403, 404] },
  credits: {
    ...bearer,
    summary: "The organisation's credit balance (per organisation, shared by its spaces)",
    answers: { 200: creditsSchema },
    errors: [400, 401, 403, 404],
  },
  upgradePlan,
  upgradePlanShort: upgradePlan,
  deduct: {
    ...bearer,
    summary: 'Spend credits; the same Idempotency-Key (or related_to without one) charges once',
    body: deductBody,
    answers: { 200: deductResultSchema },
    errors: [400, 401, 402, 403, 404, 422],
  },
  addCredits: {
    ...bearer,
    summary: "Adjust an organisation's credits with a reason, audited (platform system admins only; negative corrects)",
    body: adjustBody,
    answers: { 200: creditChangeSchema },
    errors: [400, 401, 403, 404, 422],
  },
  purchase: {
    ...bearer,
    summary: 'Buy a credit package (owners and admins): 200 credited (demo payments) or 202 with the Stripe payment page',
    body: purchaseBody,
    answers: { 200: creditChangeSchema, 202: checkoutStartedSchema },
    errors: [400, 401, 402, 403, 404, 409, 422, 502],
  },
  transactions: {
    ...bearer,
    summary: "The organisation's credit ledger, newest first",
    query: transactionsQuery,
    answers: { 200: transactionPageSchema },
    errors: [400, 401, 403, 404, 422],
  },
  recordTransaction: {
    ...bearer,
    summary: 'Record one usage as a debit (owners and admins)',
    body: usageRecordBody,
    answers: recorded,
    errors: recordErrors,
  },
  recordTransactions: {
    ...bearer,
    summary: 'Record up to 100 usages as debits, all or nothing (owners and admins)',
    body: bulkCreateBody,
    answers: { 201: bulkCreatedSchema },
    errors: recordErrors,
  },
  checkout: {
    ...bearer,
    summary: 'The state of a payment started from this organisation (owners and admins)',
    params: checkoutParams,
    answers: { 200: checkoutSchema },
    errors: [400, 401, 403, 404],
  },
  usageBreakdown: {
    ...bearer,
    summary: 'Credits spent in a period, by feature or by agent',
    query: usageQuery,
    answers: { 200: usageBreakdownSchema },
    errors: [400, 401, 403, 404, 422],
  },
  recentActivity: {
    ...bearer,
    summary: 'The latest credit movements and who made them',
    query: activityQuery,
    answers: { 200: activityFeedSchema },
    errors: [400, 401, 403, 404, 422],
  },
  recordUsage: {
    ...bearer,
    summary: 'Record a usage (a debit) for the breakdown (owners and admins)',
    body: usageRecordBody,
    answers: recorded,
    errors: recordErrors,
  },
  recordActivity: {
    ...bearer,
    summary: 'Record an activity (a debit, 0 credits allowed) (owners and admins)',
    body: activityRecordBody,
    answers: recorded,
    errors: recordErrors,
  },
} satisfies Record<string, EndpointDeclaration>;

export type BillingDeclarations = typeof BILLING_DECLARATIONS;
