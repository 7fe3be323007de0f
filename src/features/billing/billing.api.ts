/** Billing calls of spec 001 §7, through the one API client. */
import { http } from '../../api';
// Deduct and purchase carry an Idempotency-Key header, which the public `http` helpers do not take.
import { executeRequest } from '../../api/pipeline';
import type { PaidPlanType } from '../../contract/billing-catalogue';
import type {
  ActivityFeed,
  CatalogueInfo,
  Checkout,
  CheckoutStarted,
  CreditChange,
  Credits,
  DeductPayload,
  DeductResult,
  Plan,
  PlanChange,
  PurchasePayload,
  TransactionPage,
  TransactionQuery,
  UsageBreakdown,
  UsageGroup,
} from '../../contract/billing';

export type * from '../../contract/billing';
export { creditsUsedPercent, formatCredits } from './billing.status';

export function fetchPlan(signal?: AbortSignal): Promise<Plan> {
  return http.get<Plan>('/billing/plan', signal ? { signal } : undefined);
}

export function fetchCredits(signal?: AbortSignal): Promise<Credits> {
  return http.get<Credits>('/billing/credits', signal ? { signal } : undefined);
}

export function fetchTransactions(query: TransactionQuery, signal?: AbortSignal): Promise<TransactionPage> {
  return http.get<TransactionPage>('/billing/credits/transactions', {
    query: { limit: query.limit, offset: query.offset, feature: query.feature, period: query.period, status: query.status, type: query.type },
    ...(signal ? { signal } : {}),
  });
}

export function fetchUsageBreakdown(groupBy: UsageGroup, period: string, signal?: AbortSignal): Promise<UsageBreakdown> {
  return http.get<UsageBreakdown>('/billing/analytics/usage-breakdown', { query: { group_by: groupBy, period }, ...(signal ? { signal } : {}) });
}

export function fetchRecentActivity(limit: number, signal?: AbortSignal): Promise<ActivityFeed> {
  return http.get<ActivityFeed>('/billing/analytics/recent-activity', { query: { limit }, ...(signal ? { signal } : {}) });
}

/** Spends credits; the same `idempotencyKey` never charges twice (the server answers with the first charge). */
export function postDeduction(payload: DeductPayload, idempotencyKey?: string): Promise<DeductResult> {
  return executeRequest<DeductResult>({
    method: 'POST',
    path: '/billing/credits/deduct',
    body: payload,
    ...(idempotencyKey ? { headers: { 'Idempotency-Key': idempotencyKey } } : {}),
  });
}

/**
 * How this installation takes payments. The endpoint is public, but the request layer's space
 * rule (spec 000 §5) sends it only with a current space: signed-in screens ask, visitors need not.
 */
export function fetchCatalogueInfo(signal?: AbortSignal): Promise<CatalogueInfo> {
  return http.get<CatalogueInfo>('/billing/plans', signal ? { signal } : undefined);
}

export function fetchCheckout(id: string, signal?: AbortSignal): Promise<Checkout> {
  return http.get<Checkout>(`/billing/checkouts/${encodeURIComponent(id)}`, signal ? { signal } : undefined);
}

export function isCheckoutStarted(answer: CreditChange | PlanChange | CheckoutStarted): answer is CheckoutStarted {
  return 'checkout' in answer;
}

/**
 * Buys a package; the key makes a retried or double-clicked purchase charge once. Demo payments
 * answer with the credits added; Stripe with the payment page to go to.
 */
export function postPurchase(payload: PurchasePayload, idempotencyKey: string): Promise<CreditChange | CheckoutStarted> {
  return executeRequest<CreditChange | CheckoutStarted>({
    method: 'POST',
    path: '/billing/credits/purchase',
    body: payload,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

/** Pays for a plan; the key makes a retried attempt pay once. */
export function postPlanUpgrade(planType: PaidPlanType, idempotencyKey: string): Promise<PlanChange | CheckoutStarted> {
  return executeRequest<PlanChange | CheckoutStarted>({
    method: 'POST',
    path: '/billing/plan/upgrade',
    body: { plan_type: planType },
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}
