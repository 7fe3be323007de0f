import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MESSAGES } from '../../errors';
import { authOf } from '../../plugins/auth';
import { spaceOf } from '../../plugins/space-context';
import { recentActivity, usageBreakdown } from '../../services/billing/analytics.service';
import { recordOneUsage } from '../../services/billing/deductions.service';
import { toTransactionResponse } from '../../services/billing/transactions.service';
import { bearerSecurity, errorResponses } from '../common.schemas';
import type { RouteDeps } from '../deps';
import { activityQuery, activityRecordBody, idempotencyKeyOf, periodStart, usageQuery, usageRecordBody } from './billing.schemas';
import { createdTransactionSchema } from './credits.routes';
import { BILLING_MANAGERS, BILLING_READERS } from './roles';

const breakdownSchema = z.object({
  period: z.string(),
  group_by: z.enum(['feature', 'agent']),
  total_credits_used: z.number().int(),
  breakdown: z.array(
    z.object({ key: z.string().nullable(), label: z.string(), credits: z.number().int(), transactions: z.number().int(), percentage: z.number() }),
  ),
});

const activitySchema = z.object({
  activities: z.array(
    z.object({
      id: z.uuid(),
      activity: z.string(),
      feature: z.string(),
      agent_name: z.string().nullable(),
      credits: z.number().int(),
      transaction_type: z.string(),
      status: z.string(),
      user_name: z.string().nullable(),
      created_at: z.string(),
    }),
  ),
});

/**
 * Usage analytics are views over the ledger, so they can never disagree with the balance. Their
 * create calls (spec 001 §7, payloads not shown) therefore record usage in the ledger too.
 */
export const analyticsRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db }) => {
  const readers = [app.requireAuth, app.requireSpace, app.requireRole(BILLING_READERS)];
  const recorders = [app.requireAuth, app.requireSpace, app.requireRole(BILLING_MANAGERS, MESSAGES.onlyManagersRecordUsage)];

  app.get(
    '/billing/analytics/usage-breakdown',
    {
      onRequest: readers,
      schema: {
        tags: ['billing'],
        summary: 'Credits spent in a period, by feature or by agent',
        security: bearerSecurity,
        querystring: usageQuery,
        response: { 200: breakdownSchema, ...errorResponses(400, 401, 403, 404, 422) },
      },
    },
    async (request) =>
      usageBreakdown(db, spaceOf(request).org_id, request.query.group_by, request.query.period, periodStart(request.query.period)),
  );

  app.get(
    '/billing/analytics/recent-activity',
    {
      onRequest: readers,
      schema: {
        tags: ['billing'],
        summary: 'The latest credit movements and who made them',
        security: bearerSecurity,
        querystring: activityQuery,
        response: { 200: activitySchema, ...errorResponses(400, 401, 403, 404, 422) },
      },
    },
    async (request) => recentActivity(db, spaceOf(request).org_id, request.query.limit),
  );

  for (const [url, body, summary] of [
    ['/billing/analytics/usage-breakdown/create', usageRecordBody, 'Record a usage (a debit) for the breakdown (owners and admins)'],
    ['/billing/analytics/recent-activity/create', activityRecordBody, 'Record an activity (a debit, 0 credits allowed) (owners and admins)'],
  ] as const) {
    app.post(
      url,
      {
        onRequest: recorders,
        schema: {
          tags: ['billing'],
          summary,
          security: bearerSecurity,
          body,
          response: { 201: createdTransactionSchema, 200: createdTransactionSchema, ...errorResponses(400, 401, 402, 403, 404, 422) },
        },
      },
      async (request, reply) => {
        const input = request.body;
        const result = await recordOneUsage(
          db,
          { orgId: spaceOf(request).org_id, spaceId: spaceOf(request).id, userId: authOf(request).userId },
          {
            credits: input.credits,
            feature: input.feature,
            activity: input.activity,
            activityDetails: input.activity_details,
            agentName: input.agent_name,
            mode: input.mode,
            baseCredits: input.base_credits,
            relatedTo: input.related_to,
          },
          idempotencyKeyOf(request.headers),
        );
        return reply.status(result.duplicate ? 200 : 201).send({
          success: true as const,
          transaction: toTransactionResponse(result.row),
          credits_remaining: result.creditsRemaining,
          duplicate: result.duplicate,
        });
      },
    );
  }
};
