import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BILLING_ENDPOINTS } from '../../../../src/contract/all-endpoints';
import { MESSAGES } from '../../errors';
import { authOf } from '../../plugins/auth';
import { spaceOf } from '../../plugins/space-context';
import { recentActivity, usageBreakdown } from '../../services/billing/analytics.service';
import { recordOneUsage } from '../../services/billing/deductions.service';
import { toTransactionResponse } from '../../services/billing/transactions.service';
import type { RouteDeps } from '../deps';
import { routeFromContract } from '../route-from-contract';
import { idempotencyKeyOf } from './idempotency-key';
import { periodStart } from './report-period';
import { BILLING_MANAGERS, BILLING_READERS } from './roles';

/**
 * Usage analytics are views over the ledger, so they can never disagree with the balance. Their
 * create calls (spec 001 §7, payloads not shown) therefore record usage in the ledger too.
 */
export const analyticsRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db }) => {
  const readers = [app.requireAuth, app.requireSpace, app.requireRole(BILLING_READERS)];
  const recorders = [app.requireAuth, app.requireSpace, app.requireRole(BILLING_MANAGERS, MESSAGES.onlyManagersRecordUsage)];

  routeFromContract(app, BILLING_ENDPOINTS.usageBreakdown, {
    onRequest: readers,
    handler: async (request) =>
      usageBreakdown(db, spaceOf(request).org_id, request.query.group_by, request.query.period, periodStart(request.query.period)),
  });

  routeFromContract(app, BILLING_ENDPOINTS.recentActivity, {
    onRequest: readers,
    handler: async (request) => recentActivity(db, spaceOf(request).org_id, request.query.limit),
  });

  for (const entry of [BILLING_ENDPOINTS.recordUsage, BILLING_ENDPOINTS.recordActivity]) {
    routeFromContract(app, entry, {
      onRequest: recorders,
      handler: async (request, reply) => {
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
    });
  }
};
