import { createMockPaymentProvider } from './mock-provider';
import type { PaymentProvider } from './payment-provider';

export type { ChargeRequest, ChargeResult, PaymentProvider } from './payment-provider';
export { createMockPaymentProvider } from './mock-provider';

/** `payment_method` when the caller names none (spec 001 §3 purchase payload). */
export const DEFAULT_PAYMENT_METHOD = 'mock';

const providers = new Map<string, PaymentProvider>([[DEFAULT_PAYMENT_METHOD, createMockPaymentProvider()]]);

/** Makes a provider selectable by its name as `payment_method` (call at start-up). */
export function registerPaymentProvider(provider: PaymentProvider): void {
  providers.set(provider.name, provider);
}

export function paymentProviderFor(method: string): PaymentProvider | undefined {
  return providers.get(method);
}

export function paymentMethods(): string[] {
  return [...providers.keys()];
}
