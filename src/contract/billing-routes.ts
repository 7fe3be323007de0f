/**
 * The billing endpoints' methods and paths (spec 001 §7), by the names billing-endpoints.ts
 * declares their schemas under. No schemas here: the plan card of the signed-in shell calls
 * through these, and the shell loads no schema library (endpoint.ts).
 */
import type { BillingDeclarations } from './billing-endpoints';
import { routesFor } from './endpoint';

export const BILLING_ROUTES = routesFor<BillingDeclarations>()({
  catalogue: ['GET', '/billing/plans'],
  plan: ['GET', '/billing/plan'],
  credits: ['GET', '/billing/credits'],
  upgradePlan: ['POST', '/billing/plan/upgrade'],
  // Spec 001 §7 names both paths without saying which is used where; they behave the same.
  upgradePlanShort: ['POST', '/plan/upgrade'],
  deduct: ['POST', '/billing/credits/deduct'],
  addCredits: ['POST', '/billing/credits/add'],
  purchase: ['POST', '/billing/credits/purchase'],
  transactions: ['GET', '/billing/credits/transactions'],
  recordTransaction: ['POST', '/billing/credits/transactions/create'],
  recordTransactions: ['POST', '/billing/credits/transactions/bulk-create'],
  checkout: ['GET', '/billing/checkouts/:id'],
  usageBreakdown: ['GET', '/billing/analytics/usage-breakdown'],
  recentActivity: ['GET', '/billing/analytics/recent-activity'],
  recordUsage: ['POST', '/billing/analytics/usage-breakdown/create'],
  recordActivity: ['POST', '/billing/analytics/recent-activity/create'],
});
