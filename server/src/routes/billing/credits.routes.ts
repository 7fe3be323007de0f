import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BILLING_ENDPOINTS } from '../../../../src/contract/all-endpoints';
import { MESSAGES, PAYMENT_MESSAGES } from '../../errors';
import { authOf, currentUserOf } from '../../plugins/auth';
import { spaceOf } from '../../plugins/space-context';
import { deductCredits, recordOneUsage, recordUsage } from '../../services/billing/deductions.service';
import { adjustCredits } from '../../services/billing/adjustments.service';
import { purchaseCredits } from '../../services/billing/purchases.service';
import { providerFor } from '../../services/billing/payments';
import { listTransactions, toTransactionResponse } from '../../services/billing/transactions.service';
import { routeFromContract } from '../route-from-contract';
import { idempotencyKeyOf } from './idempotency-key';
import { periodStart } from './report-period';
import { payContextFor, type BillingDeps } from './payment-context';
import { BILLING_MANAGERS, BILLING_READERS, CREDIT_ADJUSTERS } from './roles';

/** Credits: spending, buying, adding, and the ledger (spec 001 §7). */
export const creditsRoutes: FastifyPluginAsyncZod<BillingDeps> = async (app, deps) => {
  const { db } = deps;
  const readers = [app.requireAuth, app.requireSpace, app.requireRole(BILLING_READERS)];
  const buyers = [app.requireAuth, app.requireSpace, app.requireRole(BILLING_MANAGERS, MESSAGES.onlyManagersBuy)];
  const recorders = [app.requireAuth, app.requireSpace, app.requireRole(BILLING_MANAGERS, MESSAGES.onlyManagersRecordUsage)];
  const scope = (request: Parameters<typeof spaceOf>[0]) => ({
    orgId: spaceOf(request).org_id,
    spaceId: spaceOf(request).id,
    userId: authOf(request).userId,
  });

  routeFromContract(app, BILLING_ENDPOINTS.deduct, {
    onRequest: readers,
    handler: async (request) => {
      const body = request.body;
      return deductCredits(db, {
        ...scope(request),
        amount: body.amount,
        description: body.description,
        featureType: body.feature_type,
        agentName: body.agent_name,
        agentMode: body.agent_mode,
        activityType: body.activity_type,
        activityDetails: body.activity_details,
        relatedTo: body.related_to,
        idempotencyKey: idempotencyKeyOf(request.headers),
      });
    },
  });

  // Platform admins only: no space (they have none); the body names the organisation.
  routeFromContract(app, BILLING_ENDPOINTS.addCredits, {
    onRequest: [app.requireAuth, app.requireRole(CREDIT_ADJUSTERS, PAYMENT_MESSAGES.onlySystemAdminsAdjust)],
    handler: async (request) => {
      const admin = currentUserOf(request);
      return adjustCredits(db, {
        orgId: request.body.org_id,
        amount: request.body.amount,
        reason: request.body.description,
        admin: { userId: admin.id, name: admin.name, email: admin.email, role: admin.role },
        ipAddress: request.ip,
        idempotencyKey: idempotencyKeyOf(request.headers),
      });
    },
  });

  routeFromContract(app, BILLING_ENDPOINTS.purchase, {
    onRequest: buyers,
    handler: async (request, reply) => {
      const answer = await purchaseCredits(
        db,
        providerFor(deps.payments, request.body.payment_method),
        {
          ...scope(request),
          credits: request.body.credits,
          bonus: request.body.bonus,
          price: request.body.price,
          idempotencyKey: idempotencyKeyOf(request.headers),
        },
        payContextFor(request, deps),
      );
      return reply.status(answer.status).send(answer.body);
    },
  });

  routeFromContract(app, BILLING_ENDPOINTS.transactions, {
    onRequest: readers,
    handler: async (request) => {
      const query = request.query;
      return listTransactions(db, spaceOf(request).org_id, {
        limit: query.limit,
        offset: query.offset,
        feature: query.feature,
        status: query.status,
        type: query.type,
        since: periodStart(query.period),
      });
    },
  });

  routeFromContract(app, BILLING_ENDPOINTS.recordTransaction, {
    onRequest: recorders,
    handler: async (request, reply) => {
      const body = request.body;
      const result = await recordOneUsage(
        db,
        scope(request),
        {
          credits: body.credits,
          feature: body.feature,
          activity: body.activity,
          activityDetails: body.activity_details,
          agentName: body.agent_name,
          mode: body.mode,
          baseCredits: body.base_credits,
          relatedTo: body.related_to,
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

  routeFromContract(app, BILLING_ENDPOINTS.recordTransactions, {
    onRequest: recorders,
    handler: async (request, reply) => {
      const records = request.body.transactions.map((item) => ({
        credits: item.credits,
        feature: item.feature,
        activity: item.activity,
        activityDetails: item.activity_details,
        agentName: item.agent_name,
        mode: item.mode,
        baseCredits: item.base_credits,
        relatedTo: item.related_to,
      }));
      const result = await recordUsage(db, scope(request), records);
      return reply.status(201).send({
        success: true as const,
        created_count: result.rows.length,
        credits_remaining: result.creditsRemaining,
        transaction_ids: result.rows.map((row) => row.id),
      });
    },
  });
};
