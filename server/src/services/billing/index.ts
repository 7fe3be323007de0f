/** Billing services: plans, credits, the ledger, purchases, chat charges and usage analytics. */
export * from './plan-catalogue';
export { startFreeTrial, getPlan, daysLeft, planIsActive, assertPlanActive, type PlanResponse } from './plans.service';
export { getCredits, applyDueRenewal, type CreditsResponse } from './credits.service';
export { changePlan } from './plan-changes.service';
export { purchaseCredits } from './purchases.service';
export { adjustCredits } from './adjustments.service';
export { handlePaymentEvent } from './payment-events.service';
export { deductCredits, recordUsage, recordOneUsage } from './deductions.service';
export { listTransactions, toTransactionResponse } from './transactions.service';
export { usageBreakdown, recentActivity } from './analytics.service';
export { chargeChat, refundCharge } from './chat-billing';
export { chatCost, MODE_MULTIPLIERS, DEFAULT_ESTIMATED_CREDITS, type ChatMode } from '../../../../src/contract/chat';
