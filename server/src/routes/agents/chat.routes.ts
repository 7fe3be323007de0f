/** Sessions, messages, sending (async and synchronous), the long poll and cancel. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf } from '../../plugins/auth';
import { spaceOf } from '../../plugins/space-context';
import { AppError } from '../../errors';
import { acceptMessage, type SendInput } from '../../services/agents/accept.service';
import { requireAttachableAssets } from '../../services/assets/asset-context';
import { AGENT_MESSAGES } from '../../services/agents/messages';
import { pollSession } from '../../services/agents/poll.service';
import type { AgentRuntime } from '../../services/agents/runtime';
import { getSessionWithMessages, listSessions, requireSession } from '../../services/agents/sessions.service';
import { readAgentSettings } from '../../services/agents/settings.service';
import type { ChatMode } from '../../../../src/contract/chat';
import { bearerSecurity, errorResponses } from '../common.schemas';
import { idempotencyKeyOf } from '../billing/idempotency-key';
import type { RouteDeps } from '../deps';
import {
  acceptedSchema,
  idParams,
  messageSchema,
  messagesQuery,
  pollQuery,
  pollSchema,
  runSchema,
  sendBody,
  sessionSchema,
  sessionsQuery,
  slugParams,
} from './agents.schemas';
import { requireAgent } from './require-agent';

type SendBody = z.infer<typeof sendBody>;

/** The mode a message is charged and answered in: explicit, else by retrieval depth, else the agent's default. */
function modeOf(body: SendBody, fallback: ChatMode): ChatMode {
  if (body.mode) return body.mode;
  if (body.k_value_kb !== undefined) return body.k_value_kb >= 15 ? 'max' : body.k_value_kb >= 10 ? 'medium' : 'normal';
  return fallback;
}

export const chatRoutes: FastifyPluginAsyncZod<RouteDeps & { runtime: AgentRuntime }> = async (app, { db, config, runtime }) => {
  const spaceScoped = [app.requireAuth, app.requireSpace];

  const accept = async (
    request: { params: { slug: string }; body: SendBody; headers: Record<string, string | string[] | undefined> },
    caller: ReturnType<typeof authOf>,
    space: ReturnType<typeof spaceOf>,
  ) => {
    const agent = requireAgent(request.params.slug);
    const body = request.body;
    const settings = await readAgentSettings(db, space.id, agent.slug);
    const input: SendInput = {
      orgId: space.org_id,
      spaceId: space.id,
      userId: caller.userId,
      agent,
      sessionId: body.session_id ?? null,
      message: body.message,
      mode: modeOf(body, settings.default_mode),
      referencedDocumentIds: body.referenced_document_ids,
      brandDocumentIds: body.brand_documents,
      brandVoice: typeof body.brand_voice === 'string' ? body.brand_voice : null,
      kRefDocs: body.k_value_ref_docs ?? null,
      kKnowledge: body.k_value_kb ?? null,
      parentMessageId: body.parent_message_id,
      editsMessageId: body.edits_message_id,
      idempotencyKey: idempotencyKeyOf(request.headers),
      assetIds: body.asset_ids,
    };
    await requireAttachableAssets(db, space.id, body.asset_ids);
    return acceptMessage(db, input);
  };

  const acceptedBody = (accepted: Awaited<ReturnType<typeof acceptMessage>>) => ({
    session_id: accepted.sessionId,
    message_id: accepted.userMessageId,
    run_id: accepted.runId,
    title: accepted.sessionTitle,
    created_at: accepted.userMessageCreatedAt.toISOString(),
    parent_id: accepted.parentId,
    mode: accepted.mode,
    credits_charged: accepted.credits,
    credits_remaining: accepted.creditsRemaining,
    transaction_id: accepted.transactionId,
  });

  app.get(
    '/agents/sessions',
    {
      onRequest: spaceScoped,
      schema: {
        tags: ['agents'],
        summary: 'Chat sessions of the space, most recently active first',
        security: bearerSecurity,
        querystring: sessionsQuery,
        response: { 200: z.array(sessionSchema), ...errorResponses(400, 401, 404, 422) },
      },
    },
    async (request) => listSessions(db, spaceOf(request).id, request.query),
  );

  app.get(
    '/agents/sessions/:id/messages',
    {
      onRequest: spaceScoped,
      schema: {
        tags: ['agents'],
        summary: 'A session with its messages, oldest first (the newest branch, or every version with ?versions=all), and its latest run',
        security: bearerSecurity,
        params: idParams,
        querystring: messagesQuery,
        response: {
          200: z.object({ session: sessionSchema, messages: z.array(messageSchema), run: runSchema.nullable() }),
          ...errorResponses(400, 401, 404, 422),
        },
      },
    },
    async (request) => getSessionWithMessages(db, spaceOf(request).id, request.params.id, request.query.versions),
  );

  app.post(
    '/agents/:slug/messages/async',
    {
      onRequest: spaceScoped,
      schema: {
        tags: ['agents'],
        summary: 'Sends a message; the reply is written in the background (poll for it). An Idempotency-Key makes a repeated send answer with the first, charging once',
        security: bearerSecurity,
        params: slugParams,
        body: sendBody,
        response: { 202: acceptedSchema, ...errorResponses(400, 401, 402, 404, 409, 422) },
      },
    },
    async (request, reply) => {
      const accepted = await accept(request, authOf(request), spaceOf(request));
      // A repeated send changes nothing: its run was queued the first time (the sweep recovers a lost job).
      if (accepted.replayed) reply.header('idempotent-replayed', 'true');
      else await runtime.dispatch(accepted.runId);
      return reply.code(202).send({ ...acceptedBody(accepted), status: accepted.runStatus });
    },
  );

  app.post(
    '/agents/:slug/messages',
    {
      onRequest: spaceScoped,
      schema: {
        tags: ['agents'],
        summary: 'Sends a message and waits for the reply (synchronous variant)',
        security: bearerSecurity,
        params: slugParams,
        body: sendBody,
        response: {
          200: acceptedSchema.omit({ status: true }).extend({ reply: messageSchema }),
          ...errorResponses(400, 401, 402, 404, 409, 422, 502),
        },
      },
    },
    async (request) => {
      const accepted = await accept(request, authOf(request), spaceOf(request));
      const outcome = await runtime.runNow(accepted.runId);
      if (outcome.kind !== 'succeeded') {
        const reason = outcome.kind === 'failed' || outcome.kind === 'deferred' ? outcome.error : AGENT_MESSAGES.runCancelled;
        throw new AppError(502, AGENT_MESSAGES.runFailed(reason), 'AGENT_RUN_FAILED');
      }
      return { ...acceptedBody(accepted), reply: outcome.reply };
    },
  );

  app.get(
    '/agents/sessions/:id/poll',
    {
      onRequest: spaceScoped,
      schema: {
        tags: ['agents'],
        summary: 'Long poll: holds until a message newer than `since` arrives, the run ends, or ~25 s pass',
        security: bearerSecurity,
        params: idParams,
        querystring: pollQuery,
        response: { 200: pollSchema, ...errorResponses(400, 401, 404, 422) },
      },
    },
    async (request, reply) => {
      const session = await requireSession(db, spaceOf(request).id, request.params.id);
      // A client that goes away releases its waiter at once instead of at the hold time-out.
      const gone = new AbortController();
      reply.raw.once('close', () => gone.abort());
      return pollSession(db, runtime.waker, {
        sessionId: session.id,
        since: request.query.since ? new Date(request.query.since) : undefined,
        holdMs: config.agentRuns.pollHoldMs,
        signal: gone.signal,
      });
    },
  );

  app.post(
    '/agents/sessions/:id/cancel',
    {
      onRequest: spaceScoped,
      schema: {
        tags: ['agents'],
        summary: "Cancels the reply being written in a session and refunds its credits",
        security: bearerSecurity,
        params: idParams,
        response: { 200: runSchema, ...errorResponses(400, 401, 404, 409, 422) },
      },
    },
    async (request) => {
      const session = await requireSession(db, spaceOf(request).id, request.params.id);
      return runtime.cancelSessionRun(session.id);
    },
  );
};
