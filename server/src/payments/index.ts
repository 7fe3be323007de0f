import { createMockPaymentProvider } from './mock-provider';
import type { PaymentProvider } from './payment-provider';
import { createStripeProvider } from './stripe-provider';
import type { StripeConfig } from './stripe-env';

export type {
  ChargeRequest,
  ChargeResult,
  CheckoutRequest,
  HostedPaymentProvider,
  InstantPaymentProvider,
  PaymentEvent,
  PaymentProvider,
  StartedCheckout,
} from './payment-provider';
export { WebhookSignatureError } from './payment-provider';
export { createMockPaymentProvider } from './mock-provider';
export { fromMinorUnits, toMinorUnits } from './currency';

/** The demo provider's name, and `payment_method`'s default when no real provider is configured. */
export const DEMO_PAYMENT_METHOD = 'mock';

const registered = new Map<string, PaymentProvider>();

/**
 * Makes another provider selectable by its name as `payment_method` in every app (an
 * installation's own card processor, registered at start-up; the tests' declining provider).
 */
export function registerPaymentProvider(provider: PaymentProvider): void {
  registered.set(provider.name, provider);
}

/**
 * The providers one app offers. The default is Stripe when it is configured, else the demo
 * provider. With Stripe configured the demo provider is NOT offered: naming it would otherwise
 * buy credits without paying.
 */
export class PaymentProviders {
  constructor(readonly primary: PaymentProvider) {}

  /** The provider `payment_method` names (the primary when none is named), or undefined. */
  find(method: string | undefined): PaymentProvider | undefined {
    if (method === undefined || method === this.primary.name) return this.primary;
    return registered.get(method);
  }

  names(): string[] {
    return [this.primary.name, ...[...registered.keys()].filter((name) => name !== this.primary.name)];
  }
}

export function createPaymentProviders(stripe: StripeConfig | undefined): PaymentProviders {
  return new PaymentProviders(stripe ? createStripeProvider(stripe) : createMockPaymentProvider(DEMO_PAYMENT_METHOD));
}
