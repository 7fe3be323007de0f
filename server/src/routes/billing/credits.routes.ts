import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MESSAGES, PAYMENT_MESSAGES } from '../../errors';
import { authOf, currentUserOf } from '../../plugins/auth';
import { spaceOf } from '../../plugins/space-context';
import { deductCredits, recordOneUsage, recordUsage } from '../../services/billing/deductions.service';
import { adjustCredits } from '../../services/billing/adjustments.service';
import { purchaseCredits } from '../../services/billing/purchases.service';
import { providerFor } from '../../services/billing/payments';
import { listTransactions, toTransactionResponse } from '../../services/billing/transactions.service';
import { bearerSecurity, errorResponses } from '../common.schemas';
import {
  adjustBody,
  bulkCreateBody,
  checkoutStartedSchema,
  creditChangeSchema,
  deductBody,
  idempotencyKeyOf,
  periodStart,
  purchaseBody,
  transactionSchema,
  transactionsQuery,
  usageRecordBody,
} from './billing.schemas';
import { payContextFor, type BillingDeps } from './payment-context';
import { BILLING_MANAGERS, BILLING_READERS, CREDIT_ADJUSTERS } from './roles';

const deductResponse = z.object({
  success: z.literal(true),
  credits_remaining: z.number().int(),
  transaction_id: z.uuid(),
  credits_charged: z.number().int(),
  duplicate: z.boolean(),
});

export const createdTransactionSchema = z.object({
  success: z.literal(true),
  transaction: transactionSchema,
  credits_remaining: z.number().int(),
  duplicate: z.boolean(),
});

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

  app.post(
    '/billing/credits/deduct',
    {
      onRequest: readers,
      schema: {
        tags: ['billing'],
        summary: 'Spend credits; the same Idempotency-Key (or related_to without one) charges once',
        security: bearerSecurity,
        body: deductBody,
        response: { 200: deductResponse, ...errorResponses(400, 401, 402, 403, 404, 422) },
      },
    },
    async (request) => {
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
  );

  // Platform admins only: no space (they have none); the body names the organisation.
  app.post(
    '/billing/credits/add',
    {
      onRequest: [app.requireAuth, app.requireRole(CREDIT_ADJUSTERS, PAYMENT_MESSAGES.onlySystemAdminsAdjust)],
      schema: {
        tags: ['billing'],
        summary: "Adjust an organisation's credits with a reason, audited (platform system admins only; negative corrects)",
        security: bearerSecurity,
        body: adjustBody,
        response: { 200: creditChangeSchema, ...errorResponses(400, 401, 403, 404, 422) },
      },
    },
    async (request) => {
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
  );

  app.post(
    '/billing/credits/purchase',
    {
      onRequest: buyers,
      schema: {
        tags: ['billing'],
        summary: 'Buy a credit package (owners and admins): 200 credited (demo payments) or 202 with the Stripe payment page',
        security: bearerSecurity,
        body: purchaseBody,
        response: { 200: creditChangeSchema, 202: checkoutStartedSchema, ...errorResponses(400, 401, 402, 403, 404, 409, 422, 502) },
      },
    },
    async (request, reply) => {
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
  );

  app.get(
    '/billing/credits/transactions',
    {
      onRequest: readers,
      schema: {
        tags: ['billing'],
        summary: "The organisation's credit ledger, newest first",
        security: bearerSecurity,
        querystring: transactionsQuery,
        response: {
          200: z.object({
            transactions: z.array(transactionSchema),
            total: z.number().int(),
            has_more: z.boolean(),
            limit: z.number().int(),
            offset: z.number().int(),
          }),
          ...errorResponses(400, 401, 403, 404, 422),
        },
      },
    },
    async (request) => {
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
  );

  app.post(
    '/billing/credits/transactions/create',
    {
      onRequest: recorders,
      schema: {
        tags: ['billing'],
        summary: 'Record one usage as a debit (owners and admins)',
        security: bearerSecurity,
        body: usageRecordBody,
        response: { 200: createdTransactionSchema, 201: createdTransactionSchema, ...errorResponses(400, 401, 402, 403, 404, 422) },
      },
    },
    async (request, reply) => {
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
  );

  app.post(
    '/billing/credits/transactions/bulk-create',
    {
      onRequest: recorders,
      schema: {
        tags: ['billing'],
        summary: 'Record up to 100 usages as debits, all or nothing (owners and admins)',
        security: bearerSecurity,
        body: bulkCreateBody,
        response: {
          201: z.object({ success: z.literal(true), created_count: z.number().int(), credits_remaining: z.number().int(), transaction_ids: z.array(z.uuid()) }),
          ...errorResponses(400, 401, 402, 403, 404, 422),
        },
      },
    },
    async (request, reply) => {
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
  );
};
