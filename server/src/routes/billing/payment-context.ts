import type { FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config';
import { currentUserOf } from '../../plugins/auth';
import type { PayContext } from '../../services/billing/orders.service';
import type { RouteDeps } from '../deps';

/** Billing routes use the app's payment providers (part of the app's dependencies). */
export type BillingDeps = RouteDeps;

/** Where people reach Mosaic: PUBLIC_URL, else the address this request came to. */
function publicOrigin(config: AppConfig, request: FastifyRequest): string {
  return config.ga4.publicUrl ?? `${request.protocol}://${request.host}`;
}

/**
 * The payer and the way back from a hosted payment page: credit purchases return to /credits,
 * plan payments to /pricing, with `checkout=success|cancelled` and the checkout id, so the screen
 * can say what happened.
 */
export function payContextFor(request: FastifyRequest, { config, payments }: Pick<BillingDeps, 'config' | 'payments'>): PayContext {
  const user = currentUserOf(request);
  const origin = publicOrigin(config, request);
  return {
    providers: payments,
    actor: { userId: user.id, email: user.email, role: user.role },
    ipAddress: request.ip,
    returnUrls: (checkoutId, purpose) => {
      const page = `${origin}/${purpose === 'plan' ? 'pricing' : 'credits'}`;
      const id = encodeURIComponent(checkoutId);
      return { successUrl: `${page}?checkout=success&checkout_id=${id}`, cancelUrl: `${page}?checkout=cancelled&checkout_id=${id}` };
    },
    customerEmail: user.email,
    onProviderError: (error) => request.log.warn({ err: error }, 'Payment provider call failed'),
    now: new Date(),
  };
}
