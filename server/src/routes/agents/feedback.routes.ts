/** Rating and regenerating replies. Paths and schemas are the contract's (src/contract/agents-endpoints.ts). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RegenerationAccepted } from '../../../../src/contract/agents';
import { AGENT_ENDPOINTS } from '../../../../src/contract/all-endpoints';
import { AppError } from '../../errors';
import { authOf } from '../../plugins/auth';
import { spaceOf } from '../../plugins/space-context';
import { rateMessage } from '../../services/agents/feedback.service';
import { AGENT_MESSAGES } from '../../services/agents/messages';
import { acceptRegeneration } from '../../services/agents/regenerate.service';
import type { AgentRuntime } from '../../services/agents/runtime';
import type { RouteDeps } from '../deps';
import { routeFromContract } from '../route-from-contract';

export const feedbackRoutes: FastifyPluginAsyncZod<RouteDeps & { runtime: AgentRuntime }> = async (app, { db, runtime }) => {
  const spaceScoped = [app.requireAuth, app.requireSpace];

  routeFromContract(app, AGENT_ENDPOINTS.rate, {
    onRequest: spaceScoped,
    handler: async (request) =>
      rateMessage(db, {
        spaceId: spaceOf(request).id,
        messageId: request.params.id,
        rating: request.body.rating,
        categories: request.body.feedback_categories,
        text: request.body.feedback_text ?? null,
      }),
  });

  const accept = (request: { params: { id: string } } & Parameters<typeof spaceOf>[0]) => {
    const space = spaceOf(request);
    return acceptRegeneration(db, { orgId: space.org_id, spaceId: space.id, userId: authOf(request).userId, messageId: request.params.id });
  };

  routeFromContract(app, AGENT_ENDPOINTS.regenerate, {
    onRequest: spaceScoped,
    handler: async (request) => {
      const { runId } = await accept(request);
      const outcome = await runtime.runNow(runId);
      if (outcome.kind !== 'succeeded') {
        const reason = outcome.kind === 'failed' || outcome.kind === 'deferred' ? outcome.error : AGENT_MESSAGES.runCancelled;
        throw new AppError(502, AGENT_MESSAGES.runFailed(reason), 'AGENT_RUN_FAILED');
      }
      return { new_message_id: outcome.reply.id, content: outcome.reply.content, message: outcome.reply, replaces_message_id: request.params.id };
    },
  });

  routeFromContract(app, AGENT_ENDPOINTS.regenerateAsync, {
    onRequest: spaceScoped,
    handler: async (request, reply) => {
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
  });
};
