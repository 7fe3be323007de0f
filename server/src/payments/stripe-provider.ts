/**
 * Stripe Checkout behind the hosted-provider interface: a Checkout Session per purchase or plan
 * payment (one-off, mode `payment`), and the signed webhook that says it was paid. Only the
 * official `stripe` package talks to Stripe; the signature is verified over the raw request body.
 */
import Stripe from 'stripe';
import type { StripeConfig } from './stripe-env';
import { WebhookSignatureError, type CheckoutRequest, type HostedPaymentProvider, type PaymentEvent, type StartedCheckout } from './payment-provider';

/** Host, port and protocol for the SDK when STRIPE_API_BASE_URL points elsewhere (tests, a proxy). */
function apiAddress(baseUrl: string | undefined): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  if (!baseUrl) return {};
  const url = new URL(baseUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port || (protocol === 'http' ? 80 : 443), protocol };
}

function sessionEvent(event: Stripe.Event, session: Stripe.Checkout.Session, outcome: Exclude<PaymentEvent['outcome'], 'ignored'>): PaymentEvent {
  return {
    id: event.id,
    type: event.type,
    outcome,
    reference: session.id,
    checkoutId: session.client_reference_id ?? session.metadata?.['checkout_id'] ?? null,
    amountMinor: session.amount_total,
    currency: session.currency,
  };
}

/** The Checkout events billing acts on; everything else is acknowledged and ignored. */
export function toPaymentEvent(event: Stripe.Event): PaymentEvent {
  switch (event.type) {
    case 'checkout.session.completed':
      // Card payments are paid at completion; bank debits and vouchers complete unpaid and
      // send async_payment_succeeded (or _failed) later.
      return sessionEvent(event, event.data.object, event.data.object.payment_status === 'paid' ? 'paid' : 'pending');
    case 'checkout.session.async_payment_succeeded':
      return sessionEvent(event, event.data.object, 'paid');
    case 'checkout.session.async_payment_failed':
      return sessionEvent(event, event.data.object, 'failed');
    case 'checkout.session.expired':
      return sessionEvent(event, event.data.object, 'expired');
    default:
      return { id: event.id, type: event.type, outcome: 'ignored' };
  }
}

export function createStripeProvider(config: StripeConfig): HostedPaymentProvider {
  const stripe = new Stripe(config.secretKey, {
    ...apiAddress(config.apiBaseUrl),
    // Retries reuse the idempotency key below, so a retried creation never opens a second session.
    maxNetworkRetries: 2,
    timeout: 30_000,
    appInfo: { name: 'Mosaic' },
  });

  return {
    kind: 'hosted',
    name: 'stripe',
    demo: false,
    currency: config.currency,

    async createCheckout(request: CheckoutRequest): Promise<StartedCheckout> {
      const metadata = { checkout_id: request.checkoutId, org_id: request.orgId, purpose: request.purpose };
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          line_items: [
            { quantity: 1, price_data: { currency: request.currency, unit_amount: request.amountMinor, product_data: { name: request.description } } },
          ],
          client_reference_id: request.checkoutId,
          metadata,
          payment_intent_data: { metadata, description: request.description },
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
          ...(request.customerEmail ? { customer_email: request.customerEmail } : {}),
        },
        { idempotencyKey: `mosaic-checkout-${request.checkoutId}` },
      );
      if (!session.url) throw new Error(`Stripe returned Checkout Session ${session.id} without a payment page URL`);
      return { reference: session.id, url: session.url };
    },

    async checkoutUrl(reference: string): Promise<string | null> {
      const session = await stripe.checkout.sessions.retrieve(reference);
      return session.status === 'open' ? session.url : null;
    },

    parseWebhook(rawBody: Buffer, signature: string | undefined): PaymentEvent {
      if (!signature) throw new WebhookSignatureError('The Stripe-Signature header is missing');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, config.webhookSecret);
      } catch (error) {
        if (error instanceof Stripe.errors.StripeSignatureVerificationError) throw new WebhookSignatureError(error.message);
        throw error;
      }
      return toPaymentEvent(event);
    },
  };
}
