/**
 * Sending and waiting (spec 001 §4 "Chat send"): space and plan checks, a temporary user message,
 * the async post, the local session, the confirming deduct call, reply polling through the phases,
 * the session lock, cancel, notification. Live state per session; messages themselves live in Dexie.
 */
import { proxy } from 'valtio';
import { db } from '../../db';
import { ApiError } from '../../api';
import { describeError, logger } from '../../lib/logger';
import { notifyReplyArrived } from '../../pwa/notifications';
import { authState, onSessionReset, onSpaceSwitch } from '../../session';
import { applyCreditsRemaining, deductCredits } from '../billing/billing.store';
import { getCurrentSpace } from '../spaces/spaces.store';
import { agentsApi } from './agents.api';
import { agentNamed } from './agents.store';
import { addTemporaryMessage, confirmTemporaryMessage, mergeMessages, removeMessage, saveSession, updateMessage } from './agents.sync';
import type { AcceptedMessage } from '../../contract/agents';
import { connectivity } from '../../pwa/connectivity.store';
import { forgetSent, OUTBOX_TEXT, queueMessage, queuedIn } from './outbox/outbox.store';
import { requestOutboxSync } from './outbox/outbox-sync';
import { chooseLeaf, chosenLeafOf } from './versions/branch.store';
import { chatCost, K_BY_MODE, type ChatMode } from '../../contract/chat';
import { announceCharge } from './billing-refresh';
import { chatTitle, type PollPhaseName } from './lib/chat-rules';
import { agentErrorMessage } from './lib/errors';
import { AGENT_TEXT } from './lib/messages';
import { assertPlanAndCredits, billingFigures, ChatSendError, requireSpace, spaceNow } from './send-checks';
import type { PollOutcome } from './reply-poller';
import { waitForReply } from './reply-wait';
import { openStreamWithSend, type EarlyStream } from './reply-stream';
import { loadSessionMessages } from './agents.store';

export type ChatStatus = 'idle' | 'sending' | 'waiting';

export interface ChatLive {
  status: ChatStatus;
  phase: PollPhaseName | null;
  /** Epoch ms of the send (the waiting indicator counts from it). */
  sentAt: number | null;
  error: string | null;
  /** The reply as written so far while it streams; null before its first character and after it. */
  streamText: string | null;
  /** The message being sent, shown at once (before the server answers) on screens without the conversation. */
  pendingText: string | null;
  /**
   * The reply that ended the last wait. Its text stays in `streamText` so the screen can keep it in
   * view until the conversation shows it from the device (the read after the write takes a moment).
   */
  settledReplyId: string | null;
}

/** Sessions are keyed by id; a chat not created yet is keyed `new:<slug>`. */
export const newChatKey = (slug: string) => `new:${slug}`;

export const chatState = proxy<{ sessions: Record<string, ChatLive> }>({ sessions: {} });
const controllers = new Map<string, AbortController>();

const idleChat = (): ChatLive => ({ status: 'idle', phase: null, sentAt: null, error: null, streamText: null, pendingText: null, settledReplyId: null });

/**
 * The live state of a chat, as the store's proxy: `sessions[key] ??= …` would hand back the plain
 * object assigned, whose later changes (streamed text, phase) never reach the screen.
 */
function live(key: string): ChatLive {
  if (!chatState.sessions[key]) chatState.sessions[key] = idleChat();
  return chatState.sessions[key];
}

/** Spec 001 §4: session changes are blocked while locked, sending or polling. */
export function isLocked(key: string): boolean {
  return (chatState.sessions[key]?.status ?? 'idle') !== 'idle';
}

export function anyChatLocked(): boolean {
  return Object.values(chatState.sessions).some((chat) => chat.status !== 'idle');
}


export interface SendInput {
  slug: string;
  sessionId: string | null;
  text: string;
  mode: ChatMode;
  /** The message it follows: the end of the branch on screen (absent: the chat's newest message). */
  parentId?: string | null;
  /** A new version of this user message (an edit); `parentId` is then what the edited one follows. */
  editsMessageId?: string;
  /** Documents chosen in the message box (context/composer-context.store.ts): spec 001 §7's two lists. */
  referencedDocumentIds?: string[];
  brandDocumentIds?: string[];
  /** Creative assets attached to the message (the agent reads them). */
  assetIds?: string[];
}

/** Accepted by the server, or kept in the outbox to be sent when the connection returns. */
export type SendOutcome = { kind: 'accepted'; accepted: AcceptedMessage } | { kind: 'queued'; id: string };

/** The send got no answer at all (no connection): the outbox keeps it. Its request may have reached the server. */
export class SendUnanswered extends Error {
  override name = 'SendUnanswered';
}

/** Longest an accepted send's device records wait for the reply's first words (see deliverMessage). */
const RECORD_WAIT_MS = 250;

/**
 * Sends a message and starts waiting for the reply. Resolves once the server accepted it (the reply
 * arrives later, into Dexie), or once it is in the outbox: written while offline, or its send got
 * no answer (docs/agents.md "Offline outbox"). Rejects with a user-facing message otherwise, leaving
 * the text to the caller to put back.
 */
export async function sendMessage(input: SendInput): Promise<SendOutcome> {
  const key = input.sessionId ?? newChatKey(input.slug);
  if (isLocked(key)) throw new ChatSendError(AGENT_TEXT.sendFailed);
  const idempotencyKey = crypto.randomUUID();
  // An edit belongs where its message is, not at the end of the chat: it needs the server now.
  if (!connectivity.online && input.editsMessageId) throw new ChatSendError(AGENT_TEXT.network);
  if (!connectivity.online) return queueForLater(input, idempotencyKey, false);
  try {
    return { kind: 'accepted', accepted: await deliverMessage(input, idempotencyKey) };
  } catch (error) {
    if (error instanceof SendUnanswered && input.editsMessageId) throw new ChatSendError(AGENT_TEXT.network);
    // No answer at all: the message waits in the outbox (its key makes the retry harmless if it did arrive).
    if (error instanceof SendUnanswered) return queueForLater(input, idempotencyKey, true);
    throw error;
  }
}

async function queueForLater(input: SendInput, id: string, attempted: boolean): Promise<SendOutcome> {
  const chatKey = input.sessionId ?? newChatKey(input.slug);
  const spaceId = getCurrentSpace()?.id;
  if (!spaceId) throw new ChatSendError(AGENT_TEXT.spaceNotFound);
  // One waiting message per chat: a second would be answered before the first's reply exists.
  if ((await queuedIn(chatKey)).length > 0) {
    live(chatKey).error = OUTBOX_TEXT.oneAtATime;
    throw new ChatSendError(OUTBOX_TEXT.oneAtATime);
  }
  // Only its writer ever sends it: another person signing in on this device never does.
  const userId = authState.user?.id;
  if (!userId) throw new ChatSendError(AGENT_TEXT.sendFailed);
  live(chatKey).error = null;
  await queueMessage({
    id,
    spaceId,
    userId,
    chatKey,
    sessionId: input.sessionId,
    agentSlug: input.slug,
    text: input.text,
    mode: input.mode,
    ...(input.parentId !== undefined ? { parentMessageId: input.parentId } : {}),
    ...(input.editsMessageId ? { editsMessageId: input.editsMessageId } : {}),
    // The documents chosen for it travel with it: the picker is cleared once the message leaves the box.
    ...(input.referencedDocumentIds?.length ? { referencedDocumentIds: input.referencedDocumentIds } : {}),
    ...(input.brandDocumentIds?.length ? { brandDocumentIds: input.brandDocumentIds } : {}),
    ...(input.assetIds?.length ? { assetIds: input.assetIds } : {}),
    attempted,
  });
  requestOutboxSync();
  return { kind: 'queued', id };
}

/**
 * One send, as spec 001 §4 has it: a temporary user message shown at once, the space, plan and
 * credit checks, the post (with its Idempotency-Key), the local session, the confirming deduct, then
 * waiting. Throws SendUnanswered when the post got no answer, ChatSendError when it was refused.
 * The outbox sends its messages through here too.
 */
export async function deliverMessage(input: SendInput, idempotencyKey: string): Promise<AcceptedMessage> {
  const key = input.sessionId ?? newChatKey(input.slug);
  const chat = live(key);
  chat.status = 'sending';
  chat.error = null;
  // An edit stays in its editor while it is sent: no message of it shows elsewhere.
  chat.pendingText = input.editsMessageId ? null : input.text;
  const temporaryId = `temp-${crypto.randomUUID()}`;
  // Asked at once (when the last minute's figures are not at hand), while the device writes the temporary message.
  const billing = billingFigures();
  if (billing instanceof Promise) billing.catch(() => undefined);
  // The branch on screen before this send, put back if it is not accepted.
  const shownBefore = input.sessionId ? chosenLeafOf(input.sessionId) : Promise.resolve(null);
  shownBefore.catch(() => undefined);
  // The temporary message's writes; the post does not wait for them (see recordAccepted).
  let shown: Promise<void> = Promise.resolve();
  let spaceId: string | null = null;
  let accepted: AcceptedMessage;
  let early: EarlyStream | undefined;
  try {
    // No await when the space and the figures are known: the post then leaves in the click's own
    // task, before the screen re-renders for the send (~10–15 ms sooner on this machine).
    spaceId = spaceNow() ?? (await requireSpace());
    // Shown at once, before the plan check and the post: the conversation never looks empty while sending.
    // An edit stays in its editor until accepted instead (a refusal is shown there, with the text).
    if (!input.editsMessageId) shown = showTemporaryMessage(input, key, spaceId, temporaryId);
    shown.catch(() => undefined);
    assertPlanAndCredits(billing instanceof Promise ? await billing : billing, chatCost(input.mode));
    // An existing chat's reply stream is asked for with the send, not after its answer.
    early = input.sessionId ? openStreamWithSend(input.sessionId, idempotencyKey) : undefined;
    const k = K_BY_MODE[input.mode];
    accepted = await agentsApi
      .sendAsync(
        input.slug,
        {
          session_id: input.sessionId,
          message: input.text,
          referenced_document_ids: input.referencedDocumentIds ?? [],
          brand_documents: input.brandDocumentIds ?? [],
          brand_voice: null,
          k_value_ref_docs: k,
          k_value_kb: k,
          mode: input.mode,
          ...(input.assetIds && input.assetIds.length > 0 ? { asset_ids: input.assetIds } : {}),
          ...(input.editsMessageId ? { edits_message_id: input.editsMessageId } : input.parentId !== undefined ? { parent_message_id: input.parentId } : {}),
        },
        idempotencyKey,
      )
      .catch((error: unknown) => {
        throw error instanceof ApiError && error.code === 'NETWORK_ERROR' ? new SendUnanswered(error.message) : error;
      });
  } catch (error) {
    early?.abort();
    await shown.catch(() => undefined);
    await removeMessage(temporaryId);
    if (spaceId && input.sessionId) await chooseLeaf(spaceId, input.sessionId, await shownBefore.catch(() => null));
    const current = live(key);
    current.status = 'idle';
    current.pendingText = null;
    if (error instanceof SendUnanswered) throw error;
    const message = error instanceof ChatSendError ? error.message : agentErrorMessage(error, 'send');
    // An edit's refusal is said in its editor; anything else beside the message box.
    if (!input.editsMessageId) current.error = message;
    throw new ChatSendError(message, error instanceof ApiError ? (error.status ?? undefined) : undefined);
  }
  // The balance the server left after charging it is on screen at once (the sidebar's plan card).
  applyCreditsRemaining(accepted.credits_remaining);
  // The reply's stream is asked for first: the device's own records of the send need not delay it.
  // The charge's confirmation waits for the reply's first words: on the embedded database its
  // writes would queue in front of the run's, and the server charged the message already.
  const confirmed = accepted;
  const writtenIn = spaceId;
  let recorded: Promise<void> | undefined;
  const record = () =>
    (recorded ??= recordAccepted(input, key, writtenIn, { id: temporaryId, written: shown }, confirmed, idempotencyKey).catch((error: unknown) => {
      // The server has the message and the reply will come; only the device's copy lags (full storage?).
      logger.warn('Could not record an accepted message on the device', { error: describeError(error) });
    }));
  const since = beforeTimestamp(accepted.created_at);
  if (early && !input.editsMessageId) {
    // An open chat's reply is on its way in the stream asked for with the send, and the temporary
    // message already shows the text: the device's records of the send wait for the first words
    // (at most RECORD_WAIT_MS), so their writes and the conversation's re-render do not come
    // between the stream and the screen (docs/agents.md). An edit has no temporary message: it is
    // recorded at once, below.
    const wait = setTimeout(() => void record(), RECORD_WAIT_MS);
    startWaiting(accepted.session_id, input.slug, Date.now(), since, () => {
      clearTimeout(wait);
      confirmDeduction(input, confirmed);
      return record();
    }, early);
    return accepted;
  }
  startWaiting(accepted.session_id, input.slug, Date.now(), since, () => confirmDeduction(input, confirmed), early);
  await record();
  return accepted;
}

/**
 * The user's message on screen while it is sent, with the branch on screen following it: one
 * transaction, so the conversation re-renders once, not while the post's answer is due.
 */
async function showTemporaryMessage(input: SendInput, key: string, spaceId: string, temporaryId: string): Promise<void> {
  await db.transaction('rw', db.messages, db.chatBranches, () => writeTemporaryMessage(input, key, spaceId, temporaryId));
}

async function writeTemporaryMessage(input: SendInput, key: string, spaceId: string, temporaryId: string): Promise<void> {
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
    ...(input.parentId !== undefined ? { parentId: input.parentId } : {}),
    pending: true,
  });
  if (input.sessionId) await chooseLeaf(spaceId, input.sessionId, temporaryId);
}

/**
 * The device's records of an accepted send: a new chat saved under its id, the temporary message
 * (once its own writes are done) replaced by the server's, the branch on screen following it, and
 * the outbox entry gone. One transaction: the screen re-renders once, while the reply is due.
 */
async function recordAccepted(
  input: SendInput,
  key: string,
  spaceId: string,
  temporary: { id: string; written: Promise<void> },
  accepted: AcceptedMessage,
  idempotencyKey: string,
): Promise<void> {
  await temporary.written.catch(() => undefined);
  await db.transaction('rw', [db.sessions, db.messages, db.chatBranches, db.outbox], () =>
    writeAccepted(input, key, spaceId, temporary.id, accepted, idempotencyKey),
  );
}

async function writeAccepted(
  input: SendInput,
  key: string,
  spaceId: string,
  temporaryId: string,
  accepted: AcceptedMessage,
  idempotencyKey: string,
): Promise<void> {
  if (!input.sessionId) {
    // Spec 001 §4: a new session is created locally, titled from the message.
    await saveSession(spaceId, {
      id: accepted.session_id,
      title: chatTitle(input.text),
      agent_slug: input.slug,
      created_at: accepted.created_at,
      updated_at: accepted.created_at,
    });
    delete chatState.sessions[key];
  }
  // Reconciled with the server's message straight from the answer.
  await confirmTemporaryMessage(temporaryId, {
    id: accepted.message_id,
    spaceId,
    sessionId: accepted.session_id,
    role: 'user',
    content: input.text,
    createdAt: accepted.created_at,
    rating: null,
    feedbackCategories: [],
    feedbackText: null,
    parentId: accepted.parent_id !== undefined ? accepted.parent_id : (input.parentId ?? null),
    pending: false,
  });
  await chooseLeaf(spaceId, accepted.session_id, accepted.message_id);
  // A message from the outbox is sent now: it leaves the outbox.
  await forgetSent(idempotencyKey);
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

/**
 * Starts (or resumes, after a reload) waiting for a session's reply. `onReplyStarted` runs once,
 * at the reply's first streamed words or when the wait ends, whichever comes first. `early`: the
 * reply's stream, already asked for with the send.
 */
export function startWaiting(
  sessionId: string,
  slug: string,
  sentAt: number,
  since: string,
  onReplyStarted?: () => Promise<void> | void,
  early?: EarlyStream,
): void {
  // Already waiting (a reload's resumed wait got there first): nothing to hold the callback or the stream for.
  if (controllers.has(sessionId)) {
    early?.abort();
    void onReplyStarted?.();
    return;
  }
  // Called once: at the first words, or when the reply's messages come, whichever is first. The
  // messages are stored after what it writes (a send's own records), so they land in that order.
  let started: Promise<void> | undefined;
  const replyStarted = () => (started ??= Promise.resolve(onReplyStarted?.()).catch(() => undefined));
  const controller = new AbortController();
  controllers.set(sessionId, controller);
  const chat = live(sessionId);
  Object.assign(chat, { status: 'waiting', sentAt, error: null, phase: 'quick', streamText: null, pendingText: null, settledReplyId: null });
  const spaceId = getCurrentSpace()?.id;
  waitForReply({
    sessionId,
    slug,
    sentAt,
    since,
    signal: controller.signal,
    onPhase: (phase) => {
      chat.phase = phase;
    },
    onText: (text) => {
      chat.streamText = text;
      void replyStarted();
    },
    onMessages: async (messages) => {
      await replyStarted();
      if (spaceId) await mergeMessages(spaceId, messages);
    },
    ...(early ? { early } : {}),
  })
    .then((outcome) => finishWaiting(sessionId, slug, outcome))
    .catch((error: unknown) => {
      const message = error instanceof ApiError ? agentErrorMessage(error, 'messages') : AGENT_TEXT.fetchMessagesFailed;
      Object.assign(live(sessionId), { status: 'idle', phase: null, error: message, streamText: null });
    })
    .finally(() => {
      void replyStarted();
      if (controllers.get(sessionId) === controller) controllers.delete(sessionId);
    });
}

function finishWaiting(sessionId: string, slug: string, outcome: PollOutcome): void {
  const chat = live(sessionId);
  const agentName = agentNamed(slug)?.name ?? slug;
  chat.status = 'idle';
  chat.phase = null;
  chat.streamText = null;
  // The chat is free again: a message waiting in the outbox for it may go now.
  requestOutboxSync();
  switch (outcome.kind) {
    case 'reply':
      chat.error = null;
      // The whole reply stays in view where it was written until the conversation has it.
      chat.streamText = outcome.reply.content;
      chat.settledReplyId = outcome.reply.id;
      // Ask for the chat once more, only so the service worker keeps a copy with the reply: the one
      // it held was taken while the reply was still being written, and a reload offline would show
      // the run still going and put that older list back. The device already has the reply saved.
      void agentsApi.sessionMessages(sessionId).catch(() => undefined);
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
      void cancelIfNeverStarted(sessionId);
  }
}

/**
 * A run still queued when the reply's whole wait has passed never started (no worker took it): it
 * is cancelled, so it is refunded rather than answered, and charged, long after anyone waits for it.
 * One that is running may still finish ('The request may still be processing').
 */
async function cancelIfNeverStarted(sessionId: string): Promise<void> {
  try {
    const { run } = await agentsApi.sessionMessages(sessionId);
    if (run?.status !== 'queued') return;
    await agentsApi.cancel(sessionId);
    announceCharge();
  } catch (error) {
    logger.warn('Could not cancel a reply that never started', { error: describeError(error) });
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
  Object.assign(live(sessionId), { status: 'idle', phase: null, error: AGENT_TEXT.cancelled, streamText: null });
  announceCharge();
}

/**
 * Stop generating: the server keeps what was written as the reply and refunds the unused part
 * (nothing written yet → a cancel, refunded whole). The reply it kept is shown at once.
 */
export async function stopReply(sessionId: string): Promise<void> {
  const chat = live(sessionId);
  try {
    const stopped = await agentsApi.stop(sessionId);
    controllers.get(sessionId)?.abort();
    const spaceId = getCurrentSpace()?.id;
    if (stopped.message && spaceId) await mergeMessages(spaceId, [stopped.message]);
    Object.assign(chat, { status: 'idle', phase: null, streamText: null, error: stopped.message ? null : AGENT_TEXT.cancelled });
    // A stopped regeneration hides the reply it replaces: the server's list says which is current.
    void loadSessionMessages(sessionId);
  } catch (error) {
    // 409: it had already finished; the stream or the poll brings the reply.
    if (error instanceof ApiError && error.status === 409) return;
    chat.error = agentErrorMessage(error, 'send');
    logger.warn('Stop failed', { error: describeError(error) });
  }
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

/**
 * Regenerate: a new version of a reply, followed like a send (the stream, else the long poll), so
 * its text shows as it is written, Stop works, and the composer is locked no longer than the
 * reply's own wait limit. The branch on screen ends at the question meanwhile, so the new reply
 * shows under it when it comes; the earlier versions stay (‹ › on the reply). The server refunds a
 * run that fails or is cancelled before it writes anything.
 */
export async function regenerateReply(sessionId: string, reply: { id: string; parentId: string | null }, slug: string): Promise<void> {
  if (isLocked(sessionId)) return;
  const chat = live(sessionId);
  Object.assign(chat, { status: 'sending', phase: null, error: null, sentAt: Date.now(), streamText: null, pendingText: null });
  const spaceId = getCurrentSpace()?.id;
  const shownBefore = await chosenLeafOf(sessionId);
  try {
    // The question alone while its new reply is written (the earlier one comes back if this one fails).
    if (spaceId && reply.parentId) await chooseLeaf(spaceId, sessionId, reply.parentId, { exact: true });
    const accepted = await agentsApi.regenerateAsync(reply.id);
    applyCreditsRemaining(accepted.credits_remaining);
    announceCharge();
    chat.status = 'idle';
    startWaiting(sessionId, slug, Date.now(), beforeTimestamp(accepted.created_at));
  } catch (error) {
    if (spaceId) await chooseLeaf(spaceId, sessionId, shownBefore);
    Object.assign(chat, { status: 'idle', phase: null, streamText: null, error: agentErrorMessage(error, 'regenerate') });
    throw new ChatSendError(chat.error!);
  }
}

function stopAll(): void {
  for (const controller of controllers.values()) controller.abort();
  controllers.clear();
  chatState.sessions = {};
}

onSessionReset(stopAll);
onSpaceSwitch(stopAll);
