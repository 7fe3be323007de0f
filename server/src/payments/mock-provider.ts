import { randomUUID } from 'node:crypto';
import type { InstantPaymentProvider } from './payment-provider';

/**
 * The built-in `mock` provider, used when no real provider is configured: every payment succeeds
 * at once and no money moves (demo payments; the screens say so). It exists so a self-hosted
 * install and the test suites can buy credits and change plans without a payment account.
 * References look like `mock_<uuid>` so they are never mistaken for real ones.
 */
export function createMockPaymentProvider(name = 'mock'): InstantPaymentProvider {
  return {
    kind: 'instant',
    name,
    demo: true,
    charge: async () => ({ status: 'succeeded', reference: `mock_${randomUUID()}` }),
    refund: async () => {},
  };
}
