/**
 * Payment providers take the money for credit purchases and plan changes. The only built-in is
 * `mock`: it accepts every payment and moves no money, so the product can be run and tested
 * end to end without a payment account. A real provider (e.g. a card processor) implements this
 * interface and is registered with `registerPaymentProvider` at start-up.
 */
export interface ChargeRequest {
  orgId: string;
  userId: string;
  /** US dollars, at most two decimals. */
  amount: number;
  currency: 'USD';
  description: string;
  /** Stable per purchase attempt, so a provider can refuse to take the money twice. */
  idempotencyKey: string;
}

export type ChargeResult =
  | { status: 'succeeded'; reference: string }
  | { status: 'declined'; reason: string };

export interface PaymentProvider {
  /** The `payment_method` value that selects this provider. */
  readonly name: string;
  charge(request: ChargeRequest): Promise<ChargeResult>;
  /** Gives a succeeded charge back (used when recording the purchase fails afterwards). */
  refund(reference: string): Promise<void>;
}
