import { randomUUID } from 'node:crypto';
import type { PaymentProvider } from './payment-provider';

/**
 * The built-in `mock` provider: every payment succeeds at once and no money moves. It exists so a
 * self-hosted install and the test suites can buy credits and change plans without a payment
 * account. References look like `mock_<uuid>` so they are never mistaken for real ones.
 */
export function createMockPaymentProvider(name = 'mock'): PaymentProvider {
  return {
    name,
    charge: async () => ({ status: 'succeeded', reference: `mock_${randomUUID()}` }),
    refund: async () => {},
  };
}
