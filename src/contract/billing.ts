/**
 * Shapes of the billing calls (spec 001 §3). The interfaces are what the screens may rely on; the
 * schemas below are what the server answers (it validates its answers against them), and each is
 * checked at compile time to fit its interface.
 */
import { z } from 'zod';
import { wireId } from './wire';

/** GET /billing/plan. `days_left` counts to the trial's end, or to the next renewal for paid plans. */
export interface Plan {
  id: string;
  name: string;
  type: string;
  days_left: number | null;
  expires_at: string | null;
  is_active: boolean;
}

/** GET /billing/credits; credits belong to the organisation, the call is space-scoped. */
export interface Credits {
  used: number;
  total: number;
  remaining: number;
  reset_date: string | null;
  last_updated: string | null;
}

/** The ledger's kinds of movement and states, as the server stores them (its enums name the same). */
export const TRANSACTION_TYPES = ['debit', 'credit', 'refund', 'purchase', 'grant'] as const;
export const TRANSACTION_STATUSES = ['completed', 'refunded'] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

export interface Transaction {
  id: string;
  transaction_id: string;
  credits: number;
  feature: string;
  activity: string | null;
  transaction_type: TransactionType;
  agent_name: string | null;
  mode: string | null;
  base_credits: number | null;
  status: TransactionStatus;
  activity_details: string | null;
  related_to: { type: string; id: string } | null;
  balance_after: number;
  space_id: string | null;
  user_id: string | null;
  created_at: string;
}

export interface TransactionQuery {
  limit: number;
  offset: number;
  feature?: string | undefined;
  /** '7d', '30d', '90d' or 'all'. */
  period?: string | undefined;
  status?: TransactionStatus | undefined;
  type?: TransactionType | undefined;
}

export interface TransactionPage {
  transactions: Transaction[];
  total: number;
  has_more: boolean;
}

export type UsageGroup = 'feature' | 'agent';

export interface UsageBreakdownItem {
  /** The feature, or the agent name (null for usage without an agent). */
  key: string | null;
  label: string;
  credits: number;
  transactions: number;
  /** Share of total_credits_used, 0–100, one decimal. */
  percentage: number;
}

export interface UsageBreakdown {
  period: string;
  group_by: UsageGroup;
  total_credits_used: number;
  breakdown: UsageBreakdownItem[];
}

export interface ActivityItem {
  id: string;
  activity: string;
  feature: string;
  agent_name: string | null;
  credits: number;
  transaction_type: TransactionType;
  status: TransactionStatus;
  user_name: string | null;
  created_at: string;
}

export interface ActivityFeed {
  activities: ActivityItem[];
}

/** Deduct payload (spec 001 §3). */
export interface DeductPayload {
  amount: number;
  description?: string;
  feature_type?: string;
  agent_name?: string;
  agent_mode?: 'normal' | 'medium' | 'max';
  activity_type?: string;
  activity_details?: string;
  related_to?: { type: 'chat_session' | 'document'; id: string };
}

export interface DeductResult {
  success: boolean;
  credits_remaining: number;
  transaction_id: string;
}

/**
 * Purchase payload (spec 001 §3). Without payment_method the server uses the installation's own
 * provider: demo payments (`mock`), or Stripe when it is configured.
 */
export interface PurchasePayload {
  credits: number;
  bonus: number;
  price: number;
  payment_method?: string;
}

/** How the installation takes payments (GET /billing/plans → payments). */
export interface PaymentsInfo {
  provider: string;
  /** instant: paid while you wait (demo payments); hosted: paid on the provider's page (Stripe Checkout). */
  checkout: 'instant' | 'hosted';
  /** No money moves (demo payments). */
  demo: boolean;
}

/** GET /billing/plans (the parts the screens need besides the shared catalogue). */
export interface CatalogueInfo {
  currency: string;
  payments: PaymentsInfo;
}

export type CheckoutStatus = 'open' | 'completed' | 'expired' | 'failed';

/** A payment on the provider's page: GET /billing/checkouts/{id}. */
export interface Checkout {
  id: string;
  status: CheckoutStatus;
  purpose: 'credits' | 'plan';
  credits: number;
  bonus: number;
  plan_type: string | null;
  amount: number;
  currency: string;
  created_at: string;
  completed_at: string | null;
}

/** 202 from purchase or plan upgrade with a hosted provider: the buyer pays at checkout_url. */
export interface CheckoutStarted {
  success: boolean;
  checkout_url: string | null;
  checkout: Checkout;
  duplicate: boolean;
}


export interface CreditChange {
  success: boolean;
  transaction_id: string;
  credits_added: number;
  credits_remaining: number;
  duplicate: boolean;
}

export interface PlanChange {
  success: boolean;
  message: string;
  transaction_id: string;
  plan: Plan;
  credits: Credits;
}

/** GET /billing/plan as the server sends it. */
export const planSchema = z.object({
  id: wireId,
  name: z.string(),
  type: z.string(),
  days_left: z.number().int(),
  expires_at: z.string().nullable(),
  is_active: z.boolean(),
}) satisfies z.ZodType<Plan>;

/** GET /billing/credits as the server sends it. */
export const creditsSchema = z.object({
  used: z.number().int(),
  total: z.number().int(),
  remaining: z.number().int(),
  reset_date: z.string(),
  last_updated: z.string(),
}) satisfies z.ZodType<Credits>;
