import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MESSAGES, PAYMENT_MESSAGES, notFound } from '../../errors';
import { spaceOf } from '../../plugins/space-context';
import { findCheckout, toCheckoutResponse } from '../../services/billing/checkouts';
import { bearerSecurity, errorResponses } from '../common.schemas';
import { checkoutSchema } from './billing.schemas';
import type { BillingDeps } from './payment-context';
import { BILLING_MANAGERS } from './roles';

/**
 * A payment's state, for the screen the buyer returns to from the hosted payment page: `open`
 * until the webhook confirms it, then `completed` (or `expired` / `failed`).
 */
export const checkoutRoutes: FastifyPluginAsyncZod<BillingDeps> = async (app, { db }) => {
  app.get(
    '/billing/checkouts/:id',
    {
      onRequest: [app.requireAuth, app.requireSpace, app.requireRole(BILLING_MANAGERS, MESSAGES.onlyManagersBuy)],
      schema: {
        tags: ['billing'],
        summary: 'The state of a payment started from this organisation (owners and admins)',
        security: bearerSecurity,
        params: z.object({ id: z.string() }),
        response: { 200: checkoutSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const checkout = await findCheckout(db, request.params.id);
      // Another organisation's checkout is as unknown as a made-up id.
      if (!checkout || checkout.orgId !== spaceOf(request).org_id) throw notFound(PAYMENT_MESSAGES.checkoutNotFound);
      return toCheckoutResponse(checkout);
    },
  );
};
