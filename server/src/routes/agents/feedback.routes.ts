/** Rating and regenerating replies. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { regeneratedSchema, regenerationAcceptedSchema, type RegenerationAccepted } from '../../../../src/contract/agents';
import { AppError } from '../../errors';
import { authOf } from '../../plugins/auth';
import { spaceOf } from '../../plugins/space-context';
import { rateMessage } from '../../services/agents/feedback.service';
import { AGENT_MESSAGES } from '../../services/agents/messages';
import { acceptRegeneration } from '../../services/agents/regenerate.service';
import type { AgentRuntime } from '../../services/agents/runtime';
import { bearerSecurity, errorResponses } from '../common.schemas';
import type { RouteDeps } from '../deps';
import { idParams, messageSchema, ratingBody } from './agents.schemas';

export const feedbackRoutes: FastifyPluginAsyncZod<RouteDeps & { runtime: AgentRuntime }> = async (app, { db, runtime }) => {
  const spaceScoped = [app.requireAuth, app.requireSpace];

  app.post(
    '/agents/messages/:id/rating',
    {
      onRequest: spaceScoped,
      schema: {
        tags: ['agents'],
        summary: 'Rates a reply: 1 helpful, -1 not helpful, with categories and text',
        security: bearerSecurity,
        params: idParams,
        body: ratingBody,
        response: { 200: messageSchema, ...errorResponses(400, 401, 404, 422) },
      },
    },
    async (request) =>
      rateMessage(db, {
        spaceId: spaceOf(request).id,
        messageId: request.params.id,
        rating: request.body.rating,
        categories: request.body.feedback_categories,
        text: request.body.feedback_text ?? null,
      }),
  );

  const accept = (request: { params: { id: string } } & Parameters<typeof spaceOf>[0]) => {
    const space = spaceOf(request);
    return acceptRegeneration(db, { orgId: space.org_id, spaceId: space.id, userId: authOf(request).userId, messageId: request.params.id });
  };

  app.post(
    '/agents/messages/:id/regenerate',
    {
      onRequest: spaceScoped,
      schema: {
        tags: ['agents'],
        summary: 'Writes a new version of this reply and answers when it is written (charged like a message in the same mode); the earlier versions stay',
        security: bearerSecurity,
        params: idParams,
        response: { 200: regeneratedSchema, ...errorResponses(400, 401, 402, 404, 409, 422, 502) },
      },
    },
    async (request) => {
      const { runId } = await accept(request);
      const outcome = await runtime.runNow(runId);
      if (outcome.kind !== 'succeeded') {
        const reason = outcome.kind === 'failed' || outcome.kind === 'deferred' ? outcome.error : AGENT_MESSAGES.runCancelled;
        throw new AppError(502, AGENT_MESSAGES.runFailed(reason), 'AGENT_RUN_FAILED');
      }
      return { new_message_id: outcome.reply.id, content: outcome.reply.content, message: outcome.reply, replaces_message_id: request.params.id };
    },
  );

  app.post(
    '/agents/messages/:id/regenerate/async',
    {
      onRequest: spaceScoped,
      schema: {
        tags: ['agents'],
        summary: 'Queues a new version of this reply; follow it like a send (GET …/stream, else the long poll)',
        security: bearerSecurity,
        params: idParams,
        response: { 202: regenerationAcceptedSchema, ...errorResponses(400, 401, 402, 404, 409, 422) },
      },
    },
    async (request, reply) => {
      const accepted = await accept(request);
      await runtime.dispatch(accepted.runId);
      const body: RegenerationAccepted = {
        session_id: accepted.sessionId,
        run_id: accepted.runId,
        user_message_id: accepted.userMessageId,
        replaces_message_id: accepted.replacesMessageId,
        status: 'queued',
        created_at: accepted.createdAt.toISOString(),
        mode: accepted.mode,
        credits_charged: accepted.credits,
        credits_remaining: accepted.creditsRemaining,
        transaction_id: accepted.transactionId,
      };
      return reply.code(202).send(body);
    },
  );
};
