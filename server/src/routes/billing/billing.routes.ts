import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { spaceOf } from '../../plugins/space-context';
import { getCredits, getPlan } from '../../services/billing.service';
import { bearerSecurity, errorResponses } from '../common.schemas';
import type { RouteDeps } from '../deps';

const planSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  type: z.string(),
  days_left: z.number().int(),
  expires_at: z.string().nullable(),
  is_active: z.boolean(),
});

const creditsSchema = z.object({
  used: z.number().int(),
  total: z.number().int(),
  remaining: z.number().int(),
  reset_date: z.string(),
  last_updated: z.string(),
});

/** Plan and credit balance of the organisation owning the current space (space-scoped). */
export const billingRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db }) => {
  const spaceScoped = [app.requireAuth, app.requireSpace];

  app.get(
    '/billing/plan',
    {
      onRequest: spaceScoped,
      schema: {
        tags: ['billing'],
        summary: "The organisation's current plan",
        security: bearerSecurity,
        response: { 200: planSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => getPlan(db, spaceOf(request).org_id),
  );

  app.get(
    '/billing/credits',
    {
      onRequest: spaceScoped,
      schema: {
        tags: ['billing'],
        summary: "The organisation's credit balance",
        security: bearerSecurity,
        response: { 200: creditsSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => getCredits(db, spaceOf(request).org_id),
  );
};
