/** Calls of spec 001 §7 "Agents", through the one API client. */
import { http } from '../../api';
import type {
  AcceptedMessage,
  Agent,
  ChatMessageDto,
  ChatSessionDto,
  PollResult,
  RatingPayload,
  RunDto,
  SendPayload,
  SessionWithMessages,
} from '../../contract/agents';

/** How many sessions the list keeps on the device (most recently active first). */
const SESSIONS_PAGE = 500;

export const agentsApi = {
  listAgents: (signal?: AbortSignal) => http.get<Agent[]>('/agents', { signal }),

  listSessions: (slug?: string, signal?: AbortSignal) =>
    http.get<ChatSessionDto[]>('/agents/sessions', { query: { slug, limit: SESSIONS_PAGE }, signal }),

  sessionMessages: (sessionId: string, signal?: AbortSignal) =>
    http.get<SessionWithMessages>(`/agents/sessions/${encodeURIComponent(sessionId)}/messages`, { signal }),

  sendAsync: (slug: string, payload: SendPayload, signal?: AbortSignal) =>
    http.post<AcceptedMessage>(`/agents/${encodeURIComponent(slug)}/messages/async`, payload, { signal }),

  /** Long poll: the server holds it up to ~25 s; the 35-minute client limit is the spec's long GET. */
  poll: (sessionId: string, since: string | undefined, signal?: AbortSignal) =>
    http.longGet<PollResult>(`/agents/sessions/${encodeURIComponent(sessionId)}/poll`, { query: { since }, signal }),

  cancel: (sessionId: string) => http.post<RunDto>(`/agents/sessions/${encodeURIComponent(sessionId)}/cancel`),

  rate: (messageId: string, payload: RatingPayload) =>
    http.post<ChatMessageDto>(`/agents/messages/${encodeURIComponent(messageId)}/rating`, payload),

  regenerate: (messageId: string) =>
    http.post<{ new_message_id: string; content: string; message: ChatMessageDto; replaces_message_id: string }>(
      `/agents/messages/${encodeURIComponent(messageId)}/regenerate`,
    ),

};
