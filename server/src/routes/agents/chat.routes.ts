/** Sessions, messages, sending (async and synchronous), the long poll and cancel. Paths and schemas are the contract's (src/contract/agents-endpoints.ts). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { AGENT_ENDPOINTS } from '../../../../src/contract/all-endpoints';
import { sendMessageIds } from '../../../../src/contract/agents-schemas';
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
import { idempotencyKeyOf } from '../billing/idempotency-key';
import type { RouteDeps } from '../deps';
import { routeFromContract } from '../route-from-contract';
import { requireAgent } from './require-agent';
import { uuidId } from './uuid-ids';

/**
 * The send body as this server takes it: the ids it names are looked up, so they are UUIDs here,
 * and a message either follows one or edits one, never both. Both send routes (the async and the
 * synchronous variant) take the same body.
 */
const sendBody = AGENT_ENDPOINTS.sendAsync.body.extend(sendMessageIds(uuidId)).refine((body) => !(body.edits_message_id && body.parent_message_id), {
  message: AGENT_MESSAGES.editAndParentTogether,
  path: ['edits_message_id'],
});

type SendBody = z.output<typeof sendBody>;

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

  routeFromContract(app, AGENT_ENDPOINTS.sessions, {
    onRequest: spaceScoped,
    handler: async (request) => listSessions(db, spaceOf(request).id, request.query),
  });

  routeFromContract(app, AGENT_ENDPOINTS.sessionMessages, {
    onRequest: spaceScoped,
    handler: async (request) => getSessionWithMessages(db, spaceOf(request).id, request.params.id, request.query),
  });

  routeFromContract(app, AGENT_ENDPOINTS.sendAsync, {
    onRequest: spaceScoped,
    refine: { body: sendBody },
    handler: async (request, reply) => {
      const accepted = await accept(request, authOf(request), spaceOf(request));
      // A repeated send changes nothing: its run was queued the first time (the sweep recovers a lost job).
      if (accepted.replayed) reply.header('idempotent-replayed', 'true');
      else await runtime.dispatch(accepted.runId);
      return reply.code(202).send({ ...acceptedBody(accepted), status: accepted.runStatus });
    },
  });

  routeFromContract(app, AGENT_ENDPOINTS.send, {
    onRequest: spaceScoped,
    refine: { body: sendBody },
    handler: async (request) => {
      const accepted = await accept(request, authOf(request), spaceOf(request));
      const outcome = await runtime.runNow(accepted.runId);
      if (outcome.kind !== 'succeeded') {
        const reason = outcome.kind === 'failed' || outcome.kind === 'deferred' ? outcome.error : AGENT_MESSAGES.runCancelled;
        throw new AppError(502, AGENT_MESSAGES.runFailed(reason), 'AGENT_RUN_FAILED');
      }
      return { ...acceptedBody(accepted), reply: outcome.reply };
    },
  });

  routeFromContract(app, AGENT_ENDPOINTS.poll, {
    onRequest: spaceScoped,
    handler: async (request, reply) => {
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
  });

  routeFromContract(app, AGENT_ENDPOINTS.cancel, {
    onRequest: spaceScoped,
    handler: async (request) => {
      const session = await requireSession(db, spaceOf(request).id, request.params.id);
      return runtime.cancelSessionRun(session.id);
    },
  });
};
