/** Billing calls of spec 001 §7, through the one API client and the contract's billing routes. */
import { callEndpoint } from '../../api';
import type { PaidPlanType } from '../../contract/billing-catalogue';
import { BILLING_ROUTES } from '../../contract/billing-routes';
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

/** Only a signal when there is one: a GET without options may take the answer of the same GET started early. */
const withSignal = (signal: AbortSignal | undefined) => (signal ? { signal } : undefined);

export function fetchPlan(signal?: AbortSignal): Promise<Plan> {
  return callEndpoint(BILLING_ROUTES.plan, {}, withSignal(signal));
}

export function fetchCredits(signal?: AbortSignal): Promise<Credits> {
  return callEndpoint(BILLING_ROUTES.credits, {}, withSignal(signal));
}

export function fetchTransactions(query: TransactionQuery, signal?: AbortSignal): Promise<TransactionPage> {
  return callEndpoint(
    BILLING_ROUTES.transactions,
    { query: { limit: query.limit, offset: query.offset, feature: query.feature, period: query.period, status: query.status, type: query.type } },
    withSignal(signal),
  );
}

export function fetchUsageBreakdown(groupBy: UsageGroup, period: string, signal?: AbortSignal): Promise<UsageBreakdown> {
  return callEndpoint(BILLING_ROUTES.usageBreakdown, { query: { group_by: groupBy, period } }, withSignal(signal));
}

export function fetchRecentActivity(limit: number, signal?: AbortSignal): Promise<ActivityFeed> {
  return callEndpoint(BILLING_ROUTES.recentActivity, { query: { limit } }, withSignal(signal));
}

/** Spends credits; the same `idempotencyKey` never charges twice (the server answers with the first charge). */
export function postDeduction(payload: DeductPayload, idempotencyKey?: string): Promise<DeductResult> {
  return callEndpoint(BILLING_ROUTES.deduct, { body: payload }, idempotencyKey ? { headers: { 'Idempotency-Key': idempotencyKey } } : undefined);
}

/**
 * How this installation takes payments. The endpoint is public, but the request layer's space
 * rule (spec 000 §5) sends it only with a current space: signed-in screens ask, visitors need not.
 */
export function fetchCatalogueInfo(signal?: AbortSignal): Promise<CatalogueInfo> {
  return callEndpoint(BILLING_ROUTES.catalogue, {}, withSignal(signal));
}

export function fetchCheckout(id: string, signal?: AbortSignal): Promise<Checkout> {
  return callEndpoint(BILLING_ROUTES.checkout, { params: { id } }, withSignal(signal));
}

export function isCheckoutStarted(answer: CreditChange | PlanChange | CheckoutStarted): answer is CheckoutStarted {
  return 'checkout' in answer;
}

/**
 * Buys a package; the key makes a retried or double-clicked purchase charge once. Demo payments
 * answer with the credits added; Stripe with the payment page to go to.
 */
export function postPurchase(payload: PurchasePayload, idempotencyKey: string): Promise<CreditChange | CheckoutStarted> {
  return callEndpoint(BILLING_ROUTES.purchase, { body: payload }, { headers: { 'Idempotency-Key': idempotencyKey } });
}

/** Pays for a plan; the key makes a retried attempt pay once. */
export function postPlanUpgrade(planType: PaidPlanType, idempotencyKey: string): Promise<PlanChange | CheckoutStarted> {
  return callEndpoint(BILLING_ROUTES.upgradePlan, { body: { plan_type: planType } }, { headers: { 'Idempotency-Key': idempotencyKey } });
}
