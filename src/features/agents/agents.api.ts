/** Calls of spec 001 §7 "Agents", through the one API client. */
import { http } from '../../api';
// The deduct call needs an Idempotency-Key header, which the public `http` helpers do not take yet.
import { executeRequest } from '../../api/pipeline';
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
} from './agents.types';

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

  /**
   * Spec 001 §4 "deduct credits" after sending. The server already charged the message when it
   * accepted it; this call carries the same idempotency key, so it confirms that charge and
   * never takes credits a second time.
   */
  confirmDeduction: (input: { userMessageId: string; sessionId: string; amount: number; agentName: string; mode: string; activity: string }) =>
    executeRequest<{ success: boolean; credits_remaining: number; transaction_id: string }>({
      method: 'POST',
      path: '/billing/credits/deduct',
      headers: { 'Idempotency-Key': `chat_message:${input.userMessageId}` },
      body: {
        amount: input.amount,
        description: `Chat with ${input.agentName}`,
        feature_type: 'chat',
        agent_name: input.agentName,
        agent_mode: input.mode,
        activity_type: 'chat_message',
        // Spec 001 §5: 100 characters in deduct details.
        activity_details: input.activity.slice(0, 100),
        related_to: { type: 'chat_session', id: input.sessionId },
      },
    }),
};
