/**
 * Waiting for a chat's reply after a send or a regeneration (spec 001 §4, §9): the reply's stream,
 * the long poll when the stream fails (reply-wait.ts), shown in the chat's live state
 * (chat.store.ts), and what its end brings: the reply (reply-arrived.ts), a failure, a cancel or the
 * agent's maximum wait. Also resumed by a reload while a run is open.
 */
import { ApiError } from '../../api';
import { describeError, logger } from '../../lib/logger';
import { onSessionReset, onSpaceSwitch } from '../../session';
import { getCurrentSpace } from '../spaces/spaces.store';
import { agentsApi } from './agents.api';
import { agentNamed } from './agents.store';
import { mergeMessages } from './agents.sync';
import { announceCharge } from './billing-refresh';
import { live } from './chat.store';
import { agentErrorMessage } from './lib/errors';
import { AGENT_TEXT } from './lib/messages';
import { requestOutboxSync } from './outbox/outbox-sync';
import { replyArrived } from './reply-arrived';
import type { PollOutcome } from './reply-poller';
import type { EarlyStream } from './reply-stream';
import { waitForReply } from './reply-wait';

/** The wait in progress per session: aborting it stops the stream or the poll. */
const controllers = new Map<string, AbortController>();

/** One millisecond before the user message, so the first poll confirms it (replacing the temporary one). */
export function pollSinceBefore(iso: string): string {
  return new Date(Date.parse(iso) - 1).toISOString();
}

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

/** Stops waiting for a session's reply at once (Stop, cancel: reply-controls.ts). */
export function stopWaiting(sessionId: string): void {
  controllers.get(sessionId)?.abort();
}

function finishWaiting(sessionId: string, slug: string, outcome: PollOutcome): void {
  const chat = live(sessionId);
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
      replyArrived(sessionId, slug, outcome.reply);
      return;
    case 'failed':
      chat.error = outcome.run.error ? `${AGENT_TEXT.sendFailed}: ${outcome.run.error}` : AGENT_TEXT.sendFailed;
      // Refunded by the server: the figures are asked for again (its answer carries no balance).
      announceCharge();
      return;
    case 'cancelled':
      chat.error = AGENT_TEXT.cancelled;
      return;
    case 'timeout': {
      const agent = agentNamed(slug);
      chat.error = agent ? AGENT_TEXT.agentPollTimeout(agent.name, outcome.minutes) : AGENT_TEXT.pollTimeout(outcome.minutes);
      void cancelIfNeverStarted(sessionId);
    }
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

function stopAll(): void {
  for (const controller of controllers.values()) controller.abort();
  controllers.clear();
}

onSessionReset(stopAll);
onSpaceSwitch(stopAll);
