import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BILLING_ENDPOINTS } from '../../../../src/contract/all-endpoints';
import { MESSAGES, PAYMENT_MESSAGES, notFound } from '../../errors';
import { spaceOf } from '../../plugins/space-context';
import { findCheckout, toCheckoutResponse } from '../../services/billing/checkouts';
import { routeFromContract } from '../route-from-contract';
import type { BillingDeps } from './payment-context';
import { BILLING_MANAGERS } from './roles';

/**
 * A payment's state, for the screen the buyer returns to from the hosted payment page: `open`
 * until the webhook confirms it, then `completed` (or `expired` / `failed`).
 */
export const checkoutRoutes: FastifyPluginAsyncZod<BillingDeps> = async (app, { db }) => {
  routeFromContract(app, BILLING_ENDPOINTS.checkout, {
    onRequest: [app.requireAuth, app.requireSpace, app.requireRole(BILLING_MANAGERS, MESSAGES.onlyManagersBuy)],
    handler: async (request) => {
      const checkout = await findCheckout(db, request.params.id);
      // Another organisation's checkout is as unknown as a made-up id.
      if (!checkout || checkout.orgId !== spaceOf(request).org_id) throw notFound(PAYMENT_MESSAGES.checkoutNotFound);
      return toCheckoutResponse(checkout);
    },
  });
};
