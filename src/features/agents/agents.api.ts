/** Calls of spec 001 §7 "Agents", through the one API client. */
import { http } from '../../api';
// A send carries an Idempotency-Key header, which the public `http` helpers do not take (as billing's deduct).
import { executeRequest } from '../../api/pipeline';
import type {
  AcceptedMessage,
  Agent,
  ChatMessageDto,
  ChatSessionDto,
  PollResult,
  RatingPayload,
  Regenerated,
  RegenerationAccepted,
  RunDto,
  SendPayload,
  SessionWithMessages,
  StopResult,
} from '../../contract/agents';

/** How many sessions the list keeps on the device (most recently active first). */
const SESSIONS_PAGE = 500;

export const agentsApi = {
  listAgents: (signal?: AbortSignal) => http.get<Agent[]>('/agents', { signal }),

  listSessions: (slug?: string, signal?: AbortSignal) =>
    http.get<ChatSessionDto[]>('/agents/sessions', { query: { slug, limit: SESSIONS_PAGE }, signal }),

  /** Every version of every message (each names its parent): the device keeps the whole tree. */
  sessionMessages: (sessionId: string, signal?: AbortSignal) =>
    http.get<SessionWithMessages>(`/agents/sessions/${encodeURIComponent(sessionId)}/messages`, { query: { versions: 'all' }, signal }),

  /** `idempotencyKey`: the same send repeated (the outbox after a lost answer) is stored and charged once. */
  sendAsync: (slug: string, payload: SendPayload, idempotencyKey: string, signal?: AbortSignal) =>
    executeRequest<AcceptedMessage>({
      method: 'POST',
      path: `/agents/${encodeURIComponent(slug)}/messages/async`,
      body: payload,
      headers: { 'Idempotency-Key': idempotencyKey },
      signal,
    }),

  /** Long poll: the server holds it up to ~25 s; the 35-minute client limit is the spec's long GET. */
  poll: (sessionId: string, since: string | undefined, signal?: AbortSignal) =>
    http.longGet<PollResult>(`/agents/sessions/${encodeURIComponent(sessionId)}/poll`, { query: { since }, signal }),

  /** The reply as it is written (server-sent events); the body, once the answer's headers came. */
  /** `sendKey`: asked for together with that send (its Idempotency-Key); follows the send's run. */
  stream: (sessionId: string, signal: AbortSignal, sendKey?: string) =>
    http.stream(`/agents/sessions/${encodeURIComponent(sessionId)}/stream`, { signal, ...(sendKey ? { query: { send: sendKey } } : {}) }),

  /** Stop generating: keeps what was written, refunds the unused part. */
  stop: (sessionId: string) => http.post<StopResult>(`/agents/sessions/${encodeURIComponent(sessionId)}/stop`),

  cancel: (sessionId: string) => http.post<RunDto>(`/agents/sessions/${encodeURIComponent(sessionId)}/cancel`),

  rate: (messageId: string, payload: RatingPayload) =>
    http.post<ChatMessageDto>(`/agents/messages/${encodeURIComponent(messageId)}/rating`, payload),

  /** A new version of a reply, queued: followed like a send (stream, else the long poll). */
  regenerateAsync: (messageId: string) => http.post<RegenerationAccepted>(`/agents/messages/${encodeURIComponent(messageId)}/regenerate/async`),

  /** The spec's synchronous regenerate (answered when written); the screens use regenerateAsync. */
  regenerate: (messageId: string, options: { timeoutMs: number; signal?: AbortSignal }) =>
    http.post<Regenerated>(`/agents/messages/${encodeURIComponent(messageId)}/regenerate`, undefined, options),

};
