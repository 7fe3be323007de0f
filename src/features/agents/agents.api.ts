/** Calls of spec 001 §7 "Agents", through the contract's routes (src/contract/agents-routes.ts). */
import { callEndpoint, http } from '../../api';
import type {
  AcceptedMessage,
  Agent,
  ChatMessageDto,
  ChatSessionDto,
  PollResult,
  Regenerated,
  RegenerationAccepted,
  RunDto,
  SessionWithMessages,
  StopResult,
} from '../../contract/agents';
import { AGENT_ROUTES } from '../../contract/agents-routes';
import { endpointPath, type EndpointRequest } from '../../contract/endpoint';

/** What a send carries: the contract's body of POST /agents/{slug}/messages/async. */
type SendPayload = EndpointRequest<typeof AGENT_ROUTES.sendAsync>['body'];
/** A rating with its categories and note: the contract's body of POST /agents/messages/{id}/rating. */
type RatingPayload = EndpointRequest<typeof AGENT_ROUTES.rate>['body'];

/** How many sessions the list keeps on the device (most recently active first). */
const SESSIONS_PAGE = 500;

/**
 * How many messages a chat reads at a time (every version, newest first): a tall screen's worth of
 * short messages several times over, and a 5,000-message chat opens with one small answer
 * (docs/agents.md "Opening a chat"). Earlier pages are read as the reader scrolls up.
 */
export const CHAT_PAGE_SIZE = 100;

export const agentsApi = {
  listAgents: (signal?: AbortSignal): Promise<Agent[]> => callEndpoint(AGENT_ROUTES.list, {}, { signal }),

  listSessions: (slug?: string, signal?: AbortSignal): Promise<ChatSessionDto[]> =>
    callEndpoint(AGENT_ROUTES.sessions, { query: { slug, limit: SESSIONS_PAGE } }, { signal }),

  /**
   * A page of the chat's messages, every version (each names its parent): the newest page, or the
   * page before `before` (the oldest message the device read). The newest page is always the same
   * request, so the service worker's copy of it is the one a reload offline reads.
   */
  sessionMessages: (sessionId: string, options: { before?: string; signal?: AbortSignal } = {}): Promise<SessionWithMessages> =>
    callEndpoint(
      AGENT_ROUTES.sessionMessages,
      { params: { id: sessionId }, query: { versions: 'all', limit: CHAT_PAGE_SIZE, ...(options.before ? { before: options.before } : {}) } },
      { signal: options.signal },
    ),

  /** `idempotencyKey`: the same send repeated (the outbox after a lost answer) is stored and charged once. */
  sendAsync: (slug: string, payload: SendPayload, idempotencyKey: string, signal?: AbortSignal): Promise<AcceptedMessage> =>
    callEndpoint(AGENT_ROUTES.sendAsync, { params: { slug }, body: payload }, { headers: { 'Idempotency-Key': idempotencyKey }, signal }),

  /** Long poll: the server holds it up to ~25 s; the 35-minute client limit is the spec's long GET. */
  poll: (sessionId: string, since: string | undefined, signal?: AbortSignal) =>
    http.longGet<PollResult>(endpointPath(AGENT_ROUTES.poll, { id: sessionId }), { query: { since }, signal }),

  /** The reply as it is written (server-sent events); the body, once the answer's headers came. */
  /** `sendKey`: asked for together with that send (its Idempotency-Key); follows the send's run. */
  stream: (sessionId: string, signal: AbortSignal, sendKey?: string) =>
    http.stream(endpointPath(AGENT_ROUTES.stream, { id: sessionId }), { signal, ...(sendKey ? { query: { send: sendKey } } : {}) }),

  /** Stop generating: keeps what was written, refunds the unused part. */
  stop: (sessionId: string): Promise<StopResult> => callEndpoint(AGENT_ROUTES.stop, { params: { id: sessionId } }),

  cancel: (sessionId: string): Promise<RunDto> => callEndpoint(AGENT_ROUTES.cancel, { params: { id: sessionId } }),

  rate: (messageId: string, payload: RatingPayload): Promise<ChatMessageDto> =>
    callEndpoint(AGENT_ROUTES.rate, { params: { id: messageId }, body: payload }),

  /** A new version of a reply, queued: followed like a send (stream, else the long poll). */
  regenerateAsync: (messageId: string): Promise<RegenerationAccepted> => callEndpoint(AGENT_ROUTES.regenerateAsync, { params: { id: messageId } }),

  /** The spec's synchronous regenerate (answered when written); the screens use regenerateAsync. */
  regenerate: (messageId: string, options: { timeoutMs: number; signal?: AbortSignal }): Promise<Regenerated> =>
    callEndpoint(AGENT_ROUTES.regenerate, { params: { id: messageId } }, options),
};
