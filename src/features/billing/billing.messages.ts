/** Billing texts of spec 001 §8, word for word. */
export const BILLING_MESSAGES = {
  insufficientCredits: 'Insufficient credits',
  fetchPlanFailed: 'Failed to fetch plan info',
  fetchCreditsFailed: 'Failed to fetch credits info',
  fetchTransactionsFailed: 'Failed to fetch transactions',
  deductFailed: 'Failed to deduct credits',
  addFailed: 'Failed to add credits',
  purchaseFailed: 'Failed to purchase credits',
  changePlanFailed: 'Failed to change plan',
} as const;

/**
 * A billing failure as the user sees it: the catalogue message, and the server's own explanation
 * (e.g. 'Payment declined: card expired') as `reason` when it said more.
 */
export class BillingError extends Error {
  override readonly name = 'BillingError';
  constructor(
    message: string,
    readonly reason: string | null,
    readonly code: string | null,
  ) {
    super(message);
  }
}
