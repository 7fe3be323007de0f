import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MESSAGES } from '../../errors';
import { authOf } from '../../plugins/auth';
import { spaceOf } from '../../plugins/space-context';
import { getCredits, getPlan } from '../../services/billing/index';
import { changePlan } from '../../services/billing/plan-changes.service';
import { currencyOf, providerFor } from '../../services/billing/payments';
import { CREDIT_PACKAGES, PLAN_CATALOGUE } from '../../../../src/contract/billing-catalogue';
import { bearerSecurity, errorResponses } from '../common.schemas';
import type { RouteDeps } from '../deps';
import { analyticsRoutes } from './analytics.routes';
import { checkoutStartedSchema, creditsSchema, idempotencyKeyOf, planSchema, upgradeBody } from './billing.schemas';
import { checkoutRoutes } from './checkout.routes';
import { creditsRoutes } from './credits.routes';
import { payContextFor } from './payment-context';
import { BILLING_MANAGERS, BILLING_READERS } from './roles';
import { paymentWebhookRoutes } from './webhooks.routes';

const catalogueSchema = z.object({
  plans: z.array(
    z.object({
      type: z.string(),
      name: z.string(),
      credits: z.number().int(),
      price_monthly: z.number(),
      trial_days: z.number().int().nullable(),
      description: z.string(),
      features: z.array(z.string()),
      recommended: z.boolean(),
    }),
  ),
  credit_packages: z.array(
    z.object({ id: z.string(), credits: z.number().int(), bonus: z.number().int(), bonus_percent: z.number(), price: z.number() }),
  ),
  /** The currency prices are charged in (USD, or STRIPE_CURRENCY with Stripe). */
  currency: z.string(),
  /** How this installation takes payments, so the screens can say whether money really moves. */
  payments: z.object({ provider: z.string(), checkout: z.enum(['instant', 'hosted']), demo: z.boolean() }),
});

const planChangeSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  transaction_id: z.uuid(),
  plan: planSchema,
  credits: creditsSchema,
});

/**
 * Billing (spec 001 §7). Plan, credits and reports are space-scoped reads for everyone in the
 * organisation; buying and changing plan are for owners and admins (see roles.ts).
 */
export const billingRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, routeDeps) => {
  const { db, payments } = routeDeps;
  const deps = routeDeps;
  const primary = payments.primary;
  const readers = [app.requireAuth, app.requireSpace, app.requireRole(BILLING_READERS)];
  const managers = [app.requireAuth, app.requireSpace, app.requireRole(BILLING_MANAGERS, MESSAGES.onlyManagersBuy)];

  app.get(
    '/billing/plans',
    {
      schema: {
        tags: ['billing'],
        summary: 'The plans and credit packages on sale (public: the Pricing screen needs no sign-in)',
        response: { 200: catalogueSchema },
      },
    },
    async () => ({
      plans: [...PLAN_CATALOGUE],
      credit_packages: [...CREDIT_PACKAGES],
      currency: currencyOf(primary).toUpperCase(),
      payments: { provider: primary.name, checkout: primary.kind, demo: primary.demo },
    }),
  );

  app.get(
    '/billing/plan',
    {
      onRequest: readers,
      schema: {
        tags: ['billing'],
        summary: "The organisation's current plan",
        security: bearerSecurity,
        response: { 200: planSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => getPlan(db, spaceOf(request).org_id),
  );

  app.get(
    '/billing/credits',
    {
      onRequest: readers,
      schema: {
        tags: ['billing'],
        summary: "The organisation's credit balance (per organisation, shared by its spaces)",
        security: bearerSecurity,
        response: { 200: creditsSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => getCredits(db, spaceOf(request).org_id),
  );

  // Spec 001 §7 names both paths without saying which is used where; they behave the same.
  for (const url of ['/billing/plan/upgrade', '/plan/upgrade']) {
    app.post(
      url,
      {
        onRequest: managers,
        schema: {
          tags: ['billing'],
          summary: 'Pay for a paid plan (owners and admins): 200 changed (demo payments) or 202 with the Stripe payment page',
          security: bearerSecurity,
          body: upgradeBody,
          response: { 200: planChangeSchema, 202: checkoutStartedSchema, ...errorResponses(400, 401, 402, 403, 404, 409, 422, 502) },
        },
      },
      async (request, reply) => {
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
    );
  }

  // The options carry the parent's `prefix`; passing it on would prefix the children twice.
  const { prefix: _parentPrefix, ...childDeps } = deps as typeof deps & { prefix?: string };
  await app.register(creditsRoutes, childDeps);
  await app.register(analyticsRoutes, childDeps);
  await app.register(checkoutRoutes, childDeps);
  if (primary.kind === 'hosted') await app.register(paymentWebhookRoutes, { ...childDeps, provider: primary });
};
