/** Rating and regenerating replies. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
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

  app.post(
    '/agents/messages/:id/regenerate',
    {
      onRequest: spaceScoped,
      schema: {
        tags: ['agents'],
        summary: 'Writes a new reply in place of this one (charged like a message in the same mode)',
        security: bearerSecurity,
        params: idParams,
        response: {
          200: z.object({ new_message_id: z.uuid(), content: z.string(), message: messageSchema, replaces_message_id: z.uuid() }),
          ...errorResponses(400, 401, 402, 404, 409, 422, 502),
        },
      },
    },
    async (request) => {
      const space = spaceOf(request);
      const { runId } = await acceptRegeneration(db, {
        orgId: space.org_id,
        spaceId: space.id,
        userId: authOf(request).userId,
        messageId: request.params.id,
      });
      const outcome = await runtime.runNow(runId);
      if (outcome.kind !== 'succeeded') {
        const reason = outcome.kind === 'failed' || outcome.kind === 'deferred' ? outcome.error : AGENT_MESSAGES.runCancelled;
        throw new AppError(502, AGENT_MESSAGES.runFailed(reason), 'AGENT_RUN_FAILED');
      }
      return { new_message_id: outcome.reply.id, content: outcome.reply.content, message: outcome.reply, replaces_message_id: request.params.id };
    },
  );
};
