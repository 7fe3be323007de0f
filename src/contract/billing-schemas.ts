/**
 * The request and answer schemas of the billing endpoints (spec 001 §3, §7; the endpoints in
 * billing-endpoints.ts): the server validates requests and its answers with them, OpenAPI shows
 * them, and the client tests' fake backends are checked against them. The validation messages are
 * the texts a 422 answer names per field.
 */
import { z } from 'zod';
import { creditsSchema, planSchema, TRANSACTION_STATUSES, TRANSACTION_TYPES } from './billing';
import { wireId } from './wire';

/** Far above any real purchase or charge; stops typos like 10000000000 long before integer overflow. */
export const MAX_CREDITS_PER_CALL = 1_000_000;
/** A page of transactions; more is refused (422) so one call cannot pull the whole ledger. */
export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 20;
export const MAX_BULK_ITEMS = 100;

// --- Requests.

/** Whole credits in a range, with messages that say what is wrong. */
export function creditsField(label: string, min: 0 | 1 = 1) {
  return z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number of credits`)
    .min(min, min === 1 ? `${label} must be greater than 0` : `${label} cannot be negative`)
    .max(MAX_CREDITS_PER_CALL, `${label} must be at most ${MAX_CREDITS_PER_CALL.toLocaleString('en-US')}`);
}

const text = (label: string, max: number) =>
  z.string({ error: `${label} must be text` }).trim().min(1, `${label} cannot be empty`).max(max, `${label} must be at most ${max} characters`);

/** Free text that may be long: it is cut where the spec says, not refused. */
const longText = (label: string) => z.string({ error: `${label} must be text` }).max(2000, `${label} must be at most 2000 characters`);

export const relatedToSchema = z.object({
  type: z.enum(['chat_session', 'document'], { error: 'related_to.type must be chat_session or document' }),
  id: text('related_to.id', 200),
});

export const featureField = text('Feature', 64).regex(/^[a-z0-9_-]+$/i, 'Feature may contain only letters, digits, - and _');

/** POST /billing/credits/deduct */
export const deductBody = z.object({
  amount: creditsField('Amount'),
  description: longText('Description').optional(),
  feature_type: featureField.optional(),
  agent_name: text('Agent name', 100).optional(),
  agent_mode: z.enum(['normal', 'medium', 'max'], { error: 'Agent mode must be normal, medium or max' }).optional(),
  activity_type: longText('Activity type').optional(),
  activity_details: longText('Activity details').optional(),
  related_to: relatedToSchema.optional(),
});

/**
 * POST /billing/credits/add, a platform admin's adjustment (spec 001 §7 {amount, description}, plus
 * the organisation, since platform admins have none): `description` is the reason and is required;
 * `amount` may be negative to correct a mistake.
 */
export const adjustBody = z.object({
  org_id: z.uuid({ error: 'org_id must be the id of an organisation' }),
  amount: z
    .number({ error: 'Amount must be a number' })
    .int('Amount must be a whole number of credits')
    .min(-MAX_CREDITS_PER_CALL, `Amount must be at least -${MAX_CREDITS_PER_CALL.toLocaleString('en-US')}`)
    .max(MAX_CREDITS_PER_CALL, `Amount must be at most ${MAX_CREDITS_PER_CALL.toLocaleString('en-US')}`)
    .refine((amount) => amount !== 0, 'Amount cannot be 0'),
  description: z
    .string({ error: 'Description is required: give the reason for the adjustment' })
    .trim()
    .min(3, 'Description is required: give the reason for the adjustment (at least 3 characters)')
    .max(500, 'Description must be at most 500 characters'),
});

/** Unset → the installation's own provider: demo payments (`mock`), or Stripe when configured. */
const paymentMethodField = text('Payment method', 40).optional();

/** POST /billing/credits/purchase */
export const purchaseBody = z.object({
  credits: creditsField('Credits'),
  bonus: creditsField('Bonus', 0).optional(),
  price: z.number({ error: 'Price must be a number' }).min(0, 'Price cannot be negative').optional(),
  payment_method: paymentMethodField,
});

/** POST /billing/plan/upgrade (and /plan/upgrade) */
export const upgradeBody = z.object({
  plan_type: z.enum(['free', 'starter', 'pro', 'business'], { error: 'Unknown plan type: choose starter, pro or business' }),
  payment_method: paymentMethodField,
});

/** One usage recorded as a debit (POST /billing/credits/transactions/create and its bulk form). */
export const usageRecordBody = z.object({
  credits: creditsField('Credits', 0),
  feature: featureField,
  activity: longText('Activity').optional(),
  activity_details: longText('Activity details').optional(),
  agent_name: text('Agent name', 100).optional(),
  mode: z.enum(['normal', 'medium', 'max'], { error: 'Mode must be normal, medium or max' }).optional(),
  base_credits: creditsField('Base credits', 0).optional(),
  related_to: relatedToSchema.optional(),
});

/** POST /billing/analytics/recent-activity/create: an activity must be named; feature and credits have defaults. */
export const activityRecordBody = usageRecordBody.extend({
  activity: text('Activity', 2000),
  feature: featureField.default('general'),
  credits: creditsField('Credits', 0).default(0),
});

export const bulkCreateBody = z.object({
  transactions: z
    .array(usageRecordBody, { error: 'transactions must be a list' })
    .min(1, 'Send at least one transaction')
    .max(MAX_BULK_ITEMS, `Send at most ${MAX_BULK_ITEMS} transactions per call`),
});

const PERIOD = /^(all|\d{1,3}d)$/;
/** 'all' or a number of days from 1d to 366d (spec 001 range strings look like '7d'). */
function isPeriod(value: string): boolean {
  if (!PERIOD.test(value)) return false;
  const days = Number.parseInt(value, 10);
  return value === 'all' || (days >= 1 && days <= 366);
}
export const periodField = z.string().refine(isPeriod, 'Period must look like 7d, 30d, 90d or all (at most 366d)');

/** GET /billing/credits/transactions */
export const transactionsQuery = z.object({
  limit: z.coerce
    .number({ error: 'Limit must be a number' })
    .int('Limit must be a whole number')
    .min(1, 'Limit must be at least 1')
    .max(MAX_PAGE_SIZE, `Limit must be at most ${MAX_PAGE_SIZE}`)
    .default(DEFAULT_PAGE_SIZE),
  offset: z.coerce
    .number({ error: 'Offset must be a number' })
    .int('Offset must be a whole number')
    .min(0, 'Offset cannot be negative')
    .max(1_000_000, 'Offset must be at most 1,000,000')
    .default(0),
  feature: featureField.optional(),
  status: z.enum(TRANSACTION_STATUSES, { error: `Status must be one of: ${TRANSACTION_STATUSES.join(', ')}` }).optional(),
  type: z.enum(TRANSACTION_TYPES, { error: `Type must be one of: ${TRANSACTION_TYPES.join(', ')}` }).optional(),
  period: periodField.default('all'),
});

/** GET /billing/analytics/usage-breakdown */
export const usageQuery = z.object({
  period: periodField.default('30d'),
  group_by: z.enum(['feature', 'agent'], { error: 'group_by must be feature or agent' }).default('feature'),
});

/** GET /billing/analytics/recent-activity */
export const activityQuery = z.object({
  limit: z.coerce
    .number({ error: 'Limit must be a number' })
    .int('Limit must be a whole number')
    .min(1, 'Limit must be at least 1')
    .max(50, 'Limit must be at most 50')
    .default(10),
});

/** GET /billing/checkouts/{id}: any text; an id no checkout has answers 404. */
export const checkoutParams = z.object({ id: z.string() });

// --- Answers. Ids are opaque text to the client (wire.ts): the server makes them UUIDs.

export const transactionSchema = z.object({
  id: wireId,
  transaction_id: wireId,
  credits: z.number().int(),
  feature: z.string(),
  activity: z.string().nullable(),
  transaction_type: z.enum(TRANSACTION_TYPES),
  agent_name: z.string().nullable(),
  mode: z.string().nullable(),
  base_credits: z.number().int().nullable(),
  status: z.enum(TRANSACTION_STATUSES),
  activity_details: z.string().nullable(),
  related_to: z.object({ type: z.string(), id: z.string() }).nullable(),
  balance_after: z.number().int(),
  space_id: z.nullable(wireId),
  user_id: z.nullable(wireId),
  created_at: z.string(),
});

export const transactionPageSchema = z.object({
  transactions: z.array(transactionSchema),
  total: z.number().int(),
  has_more: z.boolean(),
  limit: z.number().int(),
  offset: z.number().int(),
});

export const deductResultSchema = z.object({
  success: z.literal(true),
  credits_remaining: z.number().int(),
  transaction_id: wireId,
  credits_charged: z.number().int(),
  duplicate: z.boolean(),
});

export const createdTransactionSchema = z.object({
  success: z.literal(true),
  transaction: transactionSchema,
  credits_remaining: z.number().int(),
  duplicate: z.boolean(),
});

export const bulkCreatedSchema = z.object({
  success: z.literal(true),
  created_count: z.number().int(),
  credits_remaining: z.number().int(),
  transaction_ids: z.array(wireId),
});

export const creditChangeSchema = z.object({
  success: z.literal(true),
  transaction_id: wireId,
  credits_added: z.number().int(),
  credits_remaining: z.number().int(),
  duplicate: z.boolean(),
});

export const checkoutSchema = z.object({
  id: wireId,
  status: z.enum(['open', 'completed', 'expired', 'failed']),
  purpose: z.enum(['credits', 'plan']),
  credits: z.number().int(),
  bonus: z.number().int(),
  plan_type: z.string().nullable(),
  amount: z.number(),
  currency: z.string(),
  created_at: z.string(),
  completed_at: z.string().nullable(),
});

/** 202 from purchase and upgrade with a hosted provider: pay at checkout_url. */
export const checkoutStartedSchema = z.object({
  success: z.literal(true),
  checkout_url: z.string().nullable(),
  checkout: checkoutSchema,
  duplicate: z.boolean(),
});

export const planChangeSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  transaction_id: wireId,
  plan: planSchema,
  credits: creditsSchema,
});

/** GET /billing/plans: the catalogue on sale and how this installation takes payments. */
export const catalogueSchema = z.object({
  plans: z.array(
    z.object({
      type: z.string(),
      name: z.string(),
      credits: z.number().int(),
      price_monthly: z.number(),
      trial_days: z.number().int().nullable(),
      description: z.string(),
      features: z.array(z.string()),
      recommended: z.boolean(),
    }),
  ),
  credit_packages: z.array(
    z.object({ id: z.string(), credits: z.number().int(), bonus: z.number().int(), bonus_percent: z.number(), price: z.number() }),
  ),
  /** The currency prices are charged in (USD, or STRIPE_CURRENCY with Stripe). */
  currency: z.string(),
  /** How this installation takes payments, so the screens can say whether money really moves. */
  payments: z.object({ provider: z.string(), checkout: z.enum(['instant', 'hosted']), demo: z.boolean() }),
});

export const usageBreakdownSchema = z.object({
  period: z.string(),
  group_by: z.enum(['feature', 'agent']),
  total_credits_used: z.number().int(),
  breakdown: z.array(
    z.object({ key: z.string().nullable(), label: z.string(), credits: z.number().int(), transactions: z.number().int(), percentage: z.number() }),
  ),
});

/** The feed's movements are ledger rows: their kind and state are the ledger's (the screens rely on it). */
export const activityFeedSchema = z.object({
  activities: z.array(
    z.object({
      id: wireId,
      activity: z.string(),
      feature: z.string(),
      agent_name: z.string().nullable(),
      credits: z.number().int(),
      transaction_type: z.enum(TRANSACTION_TYPES),
      status: z.enum(TRANSACTION_STATUSES),
      user_name: z.string().nullable(),
      created_at: z.string(),
    }),
  ),
});
