import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BILLING_ENDPOINTS } from '../../../../src/contract/all-endpoints';
import { MESSAGES } from '../../errors';
import { authOf } from '../../plugins/auth';
import { spaceOf } from '../../plugins/space-context';
import { getCredits, getPlan } from '../../services/billing/index';
import { changePlan } from '../../services/billing/plan-changes.service';
import { currencyOf, providerFor } from '../../services/billing/payments';
import { CREDIT_PACKAGES, PLAN_CATALOGUE } from '../../../../src/contract/billing-catalogue';
import type { RouteDeps } from '../deps';
import { routeFromContract } from '../route-from-contract';
import { analyticsRoutes } from './analytics.routes';
import { idempotencyKeyOf } from './idempotency-key';
import { checkoutRoutes } from './checkout.routes';
import { creditsRoutes } from './credits.routes';
import { payContextFor } from './payment-context';
import { BILLING_MANAGERS, BILLING_READERS } from './roles';
import { paymentWebhookRoutes } from './webhooks.routes';

/**
 * Billing (spec 001 §7). Plan, credits and reports are space-scoped reads for everyone in the
 * organisation; buying and changing plan are for owners and admins (see roles.ts). Paths and
 * schemas are the contract's (src/contract/billing-endpoints.ts).
 */
export const billingRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, routeDeps) => {
  const { db, payments } = routeDeps;
  const deps = routeDeps;
  const primary = payments.primary;
  const readers = [app.requireAuth, app.requireSpace, app.requireRole(BILLING_READERS)];
  const managers = [app.requireAuth, app.requireSpace, app.requireRole(BILLING_MANAGERS, MESSAGES.onlyManagersBuy)];

  routeFromContract(app, BILLING_ENDPOINTS.catalogue, {
    handler: async () => ({
      plans: [...PLAN_CATALOGUE],
      credit_packages: [...CREDIT_PACKAGES],
      currency: currencyOf(primary).toUpperCase(),
      payments: { provider: primary.name, checkout: primary.kind, demo: primary.demo },
    }),
  });

  routeFromContract(app, BILLING_ENDPOINTS.plan, {
    onRequest: readers,
    handler: async (request) => getPlan(db, spaceOf(request).org_id),
  });

  routeFromContract(app, BILLING_ENDPOINTS.credits, {
    onRequest: readers,
    handler: async (request) => getCredits(db, spaceOf(request).org_id),
  });

  // Two paths for the same call (billing-routes.ts says why).
  for (const entry of [BILLING_ENDPOINTS.upgradePlan, BILLING_ENDPOINTS.upgradePlanShort]) {
    routeFromContract(app, entry, {
      onRequest: managers,
      handler: async (request, reply) => {
        const answer = await changePlan(
          db,
          providerFor(payments, request.body.payment_method),
          {
            orgId: spaceOf(request).org_id,
            spaceId: spaceOf(request).id,
            userId: authOf(request).userId,
            planType: request.body.plan_type,
            idempotencyKey: idempotencyKeyOf(request.headers),
          },
          payContextFor(request, deps),
        );
        return reply.status(answer.status).send(answer.body);
      },
    });
  }

  // The options carry the parent's `prefix`; passing it on would prefix the children twice.
  const { prefix: _parentPrefix, ...childDeps } = deps as typeof deps & { prefix?: string };
  await app.register(creditsRoutes, childDeps);
  await app.register(analyticsRoutes, childDeps);
  await app.register(checkoutRoutes, childDeps);
  if (primary.kind === 'hosted') await app.register(paymentWebhookRoutes, { ...childDeps, provider: primary });
};
