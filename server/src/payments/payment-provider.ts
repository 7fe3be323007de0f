/**
 * Payment providers take the money for credit purchases and plan changes. There are two kinds:
 *
 * - **instant**: the charge succeeds or is declined while the request waits. The built-in `mock`
 *   is one (demo payments: it accepts everything and moves no money); a card processor that
 *   answers synchronously would be another, registered with `registerPaymentProvider`.
 * - **hosted**: the buyer pays on the provider's own page (Stripe Checkout). The request only
 *   starts a checkout and answers with its URL; credits or the plan change are applied when the
 *   provider's signed webhook says the checkout was paid.
 */
export interface ChargeRequest {
  orgId: string;
  userId: string;
  /** Whole units of the catalogue's currency, at most two decimals. */
  amount: number;
  currency: string;
  description: string;
  /** Stable per purchase attempt, so a provider can refuse to take the money twice. */
  idempotencyKey: string;
}

export type ChargeResult = { status: 'succeeded'; reference: string } | { status: 'declined'; reason: string };

export interface InstantPaymentProvider {
  readonly kind: 'instant';
  /** The `payment_method` value that selects this provider. */
  readonly name: string;
  /** True when no money moves (the demo provider); the screens say so wherever one pays. */
  readonly demo: boolean;
  charge(request: ChargeRequest): Promise<ChargeResult>;
  /** Gives a succeeded charge back (used when recording the purchase fails afterwards). */
  refund(reference: string): Promise<void>;
}

export interface CheckoutRequest {
  /** Mosaic's id of the checkout (payment_checkouts.id): sent along so the webhook finds it. */
  checkoutId: string;
  orgId: string;
  purpose: 'credits' | 'plan';
  /** What the buyer sees on the payment page, e.g. "5,000 Mosaic credits (+500 bonus)". */
  description: string;
  /** In the currency's smallest unit (cents), as payment providers count. */
  amountMinor: number;
  currency: string;
  successUrl: string;
  cancelUrl: string;
  customerEmail?: string | undefined;
}

export interface StartedCheckout {
  /** The provider's id of the checkout (Stripe: the Checkout Session id). */
  reference: string;
  /** Where the buyer pays. */
  url: string;
}

/** A verified webhook delivery, reduced to what billing acts on. */
export type PaymentEvent =
  | {
      id: string;
      type: string;
      /** paid: apply it; pending: paid later (async methods); failed / expired: nothing will be paid. */
      outcome: 'paid' | 'pending' | 'failed' | 'expired';
      reference: string;
      /** The checkout id Mosaic sent along (client_reference_id), when present. */
      checkoutId: string | null;
      amountMinor: number | null;
      currency: string | null;
    }
  | { id: string; type: string; outcome: 'ignored' };

/** The webhook's signature does not match its body (or is missing or too old). */
export class WebhookSignatureError extends Error {
  override name = 'WebhookSignatureError';
}

export interface HostedPaymentProvider {
  readonly kind: 'hosted';
  readonly name: string;
  readonly demo: false;
  /** Lower-case ISO 4217 code the prices are charged in. */
  readonly currency: string;
  createCheckout(request: CheckoutRequest): Promise<StartedCheckout>;
  /** Where an open checkout is paid, or null once it is completed or expired. */
  checkoutUrl(reference: string): Promise<string | null>;
  /** Verifies a delivery with its raw body and signature header; throws WebhookSignatureError if it is not genuine. */
  parseWebhook(rawBody: Buffer, signature: string | undefined): PaymentEvent;
}

export type PaymentProvider = InstantPaymentProvider | HostedPaymentProvider;
