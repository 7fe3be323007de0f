/**
 * Sending and waiting (spec 001 §4 "Chat send"): space and plan checks, a temporary user message,
 * the async post, the local session, the confirming deduct call, reply polling through the phases,
 * the session lock, cancel, notification. Live state per session; messages themselves live in Dexie.
 */
import { proxy } from 'valtio';
import { ApiError } from '../../api';
import { describeError, logger } from '../../lib/logger';
import { notifyReplyArrived } from '../../pwa/notifications';
import { onSessionReset, onSpaceSwitch, spacesState } from '../../session';
import { fetchCredits, fetchPlan } from '../billing/billing.api';
import { deductCredits } from '../billing/billing.store';
import { getCurrentSpace } from '../spaces/spaces.store';
import { agentsApi } from './agents.api';
import { agentNamed } from './agents.store';
import { addTemporaryMessage, mergeMessages, removeMessage, saveSession, updateMessage } from './agents.sync';
import type { AcceptedMessage } from '../../contract/agents';
import { chatCost, K_BY_MODE, type ChatMode } from '../../contract/chat';
import { announceCharge } from './billing-refresh';
import { chatTitle, type PollPhaseName } from './lib/chat-rules';
import { agentErrorMessage } from './lib/errors';
import { AGENT_TEXT, SPACE_RETRY_DELAY_MS } from './lib/messages';
import { pollForReply, type PollOutcome } from './reply-poller';

export type ChatStatus = 'idle' | 'sending' | 'waiting';

export interface ChatLive {
  status: ChatStatus;
  phase: PollPhaseName | null;
  /** Epoch ms of the send (the waiting indicator counts from it). */
  sentAt: number | null;
  error: string | null;
}

/** Sessions are keyed by id; a chat not created yet is keyed `new:<slug>`. */
export const newChatKey = (slug: string) => `new:${slug}`;

export const chatState = proxy<{ sessions: Record<string, ChatLive> }>({ sessions: {} });
const controllers = new Map<string, AbortController>();

const idleChat = (): ChatLive => ({ status: 'idle', phase: null, sentAt: null, error: null });

function live(key: string): ChatLive {
  return (chatState.sessions[key] ??= idleChat());
}

/** Spec 001 §4: session changes are blocked while locked, sending or polling. */
export function isLocked(key: string): boolean {
  return (chatState.sessions[key]?.status ?? 'idle') !== 'idle';
}

export function anyChatLocked(): boolean {
  return Object.values(chatState.sessions).some((chat) => chat.status !== 'idle');
}

export class ChatSendError extends Error {
  override name = 'ChatSendError';
}

export interface SendInput {
  slug: string;
  sessionId: string | null;
  text: string;
  mode: ChatMode;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Spec 001 §8 space messages; 'still loading' is retried once after 2 s. */
async function requireSpace(): Promise<string> {
  for (let attempt = 0; ; attempt += 1) {
    if (spacesState.initializing || spacesState.loading) {
      if (attempt === 0) {
        await sleep(SPACE_RETRY_DELAY_MS);
        continue;
      }
      throw new ChatSendError(AGENT_TEXT.spaceLoading);
    }
    if (!spacesState.initialized) throw new ChatSendError(AGENT_TEXT.spacesNotReady);
    const space = getCurrentSpace();
    if (!space) throw new ChatSendError(AGENT_TEXT.spaceNotFound);
    return space.id;
  }
}

/** Spec 001 §4: the plan must be active and the credits must cover the cost. Unknown → the server decides. */
async function checkPlanAndCredits(cost: number): Promise<void> {
  const [plan, credits] = await Promise.allSettled([fetchPlan(), fetchCredits()]);
  if (plan.status === 'fulfilled' && !plan.value.is_active) throw new ChatSendError(AGENT_TEXT.planExpired(plan.value.type));
  if (credits.status === 'fulfilled' && credits.value.remaining < cost) {
    throw new ChatSendError(AGENT_TEXT.insufficientCredits(cost, credits.value.remaining));
  }
}

/**
 * Sends a message and starts waiting for the reply. Resolves with the session id once the server
 * accepted it (the reply arrives later, into Dexie); rejects with a user-facing message otherwise,
 * leaving the text to the caller to put back.
 */
export async function sendMessage(input: SendInput): Promise<AcceptedMessage> {
  const key = input.sessionId ?? newChatKey(input.slug);
  if (isLocked(key)) throw new ChatSendError(AGENT_TEXT.sendFailed);
  const chat = live(key);
  chat.status = 'sending';
  chat.error = null;
  const temporaryId = `temp-${crypto.randomUUID()}`;
  try {
    const spaceId = await requireSpace();
    const cost = chatCost(input.mode);
    await checkPlanAndCredits(cost);
    await addTemporaryMessage({
      id: temporaryId,
      spaceId,
      sessionId: input.sessionId ?? key,
      role: 'user',
      content: input.text,
      createdAt: new Date().toISOString(),
      rating: null,
      feedbackCategories: [],
      feedbackText: null,
      pending: true,
    });
    const k = K_BY_MODE[input.mode];
    const accepted = await agentsApi.sendAsync(input.slug, {
      session_id: input.sessionId,
      message: input.text,
      referenced_document_ids: [],
      brand_documents: [],
      brand_voice: null,
      k_value_ref_docs: k,
      k_value_kb: k,
      mode: input.mode,
    });
    if (!input.sessionId) {
      // Spec 001 §4: a new session is created locally, titled from the message.
      await saveSession(spaceId, {
        id: accepted.session_id,
        title: chatTitle(input.text),
        agent_slug: input.slug,
        created_at: accepted.created_at,
        updated_at: accepted.created_at,
      });
      await updateMessage(temporaryId, { sessionId: accepted.session_id });
      delete chatState.sessions[key];
    }
    confirmDeduction(input, accepted);
    startWaiting(accepted.session_id, input.slug, Date.now(), beforeTimestamp(accepted.created_at));
    return accepted;
  } catch (error) {
    await removeMessage(temporaryId);
    const message = error instanceof ChatSendError ? error.message : agentErrorMessage(error, 'send');
    const current = live(key);
    current.status = 'idle';
    current.error = message;
    throw new ChatSendError(message);
  }
}

/** One millisecond before the user message, so the first poll confirms it (replacing the temporary one). */
function beforeTimestamp(iso: string): string {
  return new Date(Date.parse(iso) - 1).toISOString();
}

/**
 * Spec 001 §4 "deduct credits" after sending. The server already charged the message when it
 * accepted it; this call carries the same idempotency key (chat_message:<user message id>), so it
 * confirms that charge and never takes credits a second time. The billing store then refreshes.
 */
function confirmDeduction(input: SendInput, accepted: AcceptedMessage): void {
  deductCredits(
    {
      amount: accepted.credits_charged,
      description: `Chat with ${agentNamed(input.slug)?.name ?? input.slug}`,
      feature_type: 'chat',
      agent_name: agentNamed(input.slug)?.name ?? input.slug,
      agent_mode: accepted.mode,
      activity_type: 'chat_message',
      // Spec 001 §5: activity text is cut to 100 characters in deduct details.
      activity_details: input.text.slice(0, 100),
      related_to: { type: 'chat_session', id: accepted.session_id },
    },
    chatIdempotencyKey(accepted.message_id),
  ).catch((error: unknown) => logger.warn('Chat deduct confirmation failed', { error: describeError(error) }));
}

/** The key the server charged the message under (docs/agents.md "Credits"). */
export const chatIdempotencyKey = (userMessageId: string) => `chat_message:${userMessageId}`;

/** Starts (or resumes, after a reload) waiting for a session's reply. */
export function startWaiting(sessionId: string, slug: string, sentAt: number, since: string): void {
  if (controllers.has(sessionId)) return;
  const controller = new AbortController();
  controllers.set(sessionId, controller);
  const chat = live(sessionId);
  Object.assign(chat, { status: 'waiting', sentAt, error: null, phase: 'quick' });
  const spaceId = getCurrentSpace()?.id;
  pollForReply({
    sessionId,
    slug,
    sentAt,
    since,
    signal: controller.signal,
    onPhase: (phase) => {
      chat.phase = phase;
    },
    onMessages: (messages) => (spaceId ? mergeMessages(spaceId, messages) : undefined),
  })
    .then((outcome) => finishWaiting(sessionId, slug, outcome))
    .catch((error: unknown) => {
      const message = error instanceof ApiError ? agentErrorMessage(error, 'messages') : AGENT_TEXT.fetchMessagesFailed;
      Object.assign(live(sessionId), { status: 'idle', phase: null, error: message });
    })
    .finally(() => {
      if (controllers.get(sessionId) === controller) controllers.delete(sessionId);
    });
}

function finishWaiting(sessionId: string, slug: string, outcome: PollOutcome): void {
  const chat = live(sessionId);
  const agentName = agentNamed(slug)?.name ?? slug;
  chat.status = 'idle';
  chat.phase = null;
  switch (outcome.kind) {
    case 'reply':
      chat.error = null;
      void notifyReplyArrived({
        sessionId,
        agentName,
        url: `/agents/${encodeURIComponent(slug)}/chat/${encodeURIComponent(sessionId)}`,
        preview: outcome.reply.content,
      }).catch(() => undefined);
      return;
    case 'failed':
      chat.error = outcome.run.error ? `${AGENT_TEXT.sendFailed}: ${outcome.run.error}` : AGENT_TEXT.sendFailed;
      announceCharge();
      return;
    case 'cancelled':
      chat.error = AGENT_TEXT.cancelled;
      return;
    case 'timeout':
      chat.error = agentNamed(slug)
        ? AGENT_TEXT.agentPollTimeout(agentName, outcome.minutes)
        : AGENT_TEXT.pollTimeout(outcome.minutes);
  }
}

/** Cancel (spec 001 §4): stops waiting at once, tells the server to stop the run (it refunds). */
export async function cancelReply(sessionId: string): Promise<void> {
  controllers.get(sessionId)?.abort();
  try {
    await agentsApi.cancel(sessionId);
  } catch (error) {
    // 409: it had already finished; the next load shows the reply.
    if (!(error instanceof ApiError && error.status === 409)) logger.warn('Cancel failed', { error: describeError(error) });
  }
  Object.assign(live(sessionId), { status: 'idle', phase: null, error: AGENT_TEXT.cancelled });
  announceCharge();
}

export function clearChatError(key: string): void {
  if (chatState.sessions[key]) chatState.sessions[key].error = null;
}

export async function rateReply(messageId: string, rating: 1 | -1 | null, categories: string[], text: string | null): Promise<void> {
  try {
    const updated = await agentsApi.rate(messageId, { rating, feedback_categories: categories, feedback_text: text });
    await updateMessage(messageId, { rating: updated.rating, feedbackCategories: updated.feedback_categories, feedbackText: updated.feedback_text });
  } catch (error) {
    throw new ChatSendError(agentErrorMessage(error, 'rating'));
  }
}

export async function regenerateReply(sessionId: string, messageId: string): Promise<void> {
  if (isLocked(sessionId)) return;
  const chat = live(sessionId);
  Object.assign(chat, { status: 'sending', error: null, sentAt: Date.now() });
  try {
    const result = await agentsApi.regenerate(messageId);
    const spaceId = getCurrentSpace()?.id;
    if (spaceId) {
      await mergeMessages(spaceId, [result.message]);
      await removeMessage(result.replaces_message_id);
    }
    announceCharge();
  } catch (error) {
    chat.error = agentErrorMessage(error, 'regenerate');
    throw new ChatSendError(chat.error);
  } finally {
    chat.status = 'idle';
  }
}

function stopAll(): void {
  for (const controller of controllers.values()) controller.abort();
  controllers.clear();
  chatState.sessions = {};
}

onSessionReset(stopAll);
onSpaceSwitch(stopAll);
