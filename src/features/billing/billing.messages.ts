/** Billing texts of spec 001 §8, word for word. */
export const BILLING_MESSAGES = {
  insufficientCredits: 'Insufficient credits',
  fetchPlanFailed: 'Failed to fetch plan info',
  fetchCreditsFailed: 'Failed to fetch credits info',
  fetchTransactionsFailed: 'Failed to fetch transactions',
  deductFailed: 'Failed to deduct credits',
  // POST /billing/credits/add is a platform admin's call (server API); no screen makes it.
  addFailed: 'Failed to add credits',
  purchaseFailed: 'Failed to purchase credits',
  changePlanFailed: 'Failed to change plan',
} as const;

/** What the screen says when the buyer comes back from the payment page. */
export const CHECKOUT_MESSAGES = {
  demoPayments: 'Demo payments — no money is taken',
  demoPaymentsDetail: 'This installation has no payment provider set up: purchases and plan changes are free, for trying Mosaic out.',
  hostedPayments: "You pay on Stripe's secure payment page, then come back here.",
  creditsReceived: 'Payment received: credits added',
  planReceived: (planName: string) => `Payment received: plan changed to ${planName}`,
  waiting: 'Waiting for the payment to be confirmed…',
  waitingDetail: 'Stripe tells Mosaic as soon as the payment goes through, usually within seconds.',
  waitingLong:
    'This is taking longer than usual. Some payment methods take a while to be confirmed; the change appears as soon as it is, and you can leave this page.',
  cancelled: 'Payment cancelled: nothing was charged',
  notCompleted: 'Payment not completed: nothing was charged',
  notFound: 'This payment could not be found. Check your balance and the transactions below.',
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
