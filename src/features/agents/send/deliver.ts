/**
 * Delivering a message (spec 001 §4 "Chat send"), online or from the outbox: the post
 * (post-message.ts), then the balance its answer carries into the credits store, the reply's
 * stream (chat-waiting.ts; the long poll only when the stream fails), the spec's confirming deduct
 * (confirm-charge.ts) and the device's records of the send (device-records.ts). No other request:
 * the plan and credits are not asked for again after a send.
 */
import type { AcceptedMessage } from '../../../contract/agents';
import { describeError, logger } from '../../../lib/logger';
import { applyCreditsRemaining } from '../../billing/billing.store';
import { noteChatStarted, noteDelivery } from '../agents.sync';
import { live } from '../chat.store';
import { pollSinceBefore, startWaiting } from '../chat-waiting';
import { confirmCharge } from './confirm-charge';
import { recordAccepted } from './device-records';
import { postMessage } from './post-message';
import { chatKeyOf, type SendInput } from './send-types';

/** Longest an accepted send's device records wait for the reply's first words (see below). */
const RECORD_WAIT_MS = 250;

/**
 * Throws SendUnanswered when the post got no answer, ChatSendError when it was refused. The outbox
 * sends its messages through here too (outbox/outbox-send.ts).
 */
export async function deliverMessage(input: SendInput, idempotencyKey: string): Promise<AcceptedMessage> {
  const key = chatKeyOf(input);
  const chat = live(key);
  chat.status = 'sending';
  chat.error = null;
  // An edit stays in its editor while it is sent: no message of it shows elsewhere.
  chat.pendingText = input.editsMessageId ? null : input.text;
  const { accepted, spaceId, temporary, early } = await postMessage(input, key, idempotencyKey);
  // The chat's list read before this answer (the screen opening as the outbox sends) does not
  // have the message: it must not take the confirmed one away once it is recorded.
  noteDelivery(accepted.session_id);
  // The same for the space's session list and a chat this message started.
  if (!input.sessionId) noteChatStarted(spaceId);
  // The balance the server left after charging it is on screen at once (the sidebar's plan card).
  applyCreditsRemaining(accepted.credits_remaining);
  // The reply's stream is asked for first: the device's own records of the send need not delay it.
  // The charge's confirmation waits for the reply's first words: on the embedded database its
  // writes would queue in front of the run's, and the server charged the message already.
  let recorded: Promise<void> | undefined;
  const record = () =>
    (recorded ??= recordAccepted(input, key, spaceId, temporary, accepted, idempotencyKey).catch((error: unknown) => {
      // The server has the message and the reply will come; only the device's copy lags (full storage?).
      logger.warn('Could not record an accepted message on the device', { error: describeError(error) });
    }));
  const since = pollSinceBefore(accepted.created_at);
  if (early && !input.editsMessageId) {
    // An open chat's reply is on its way in the stream asked for with the send, and the temporary
    // message already shows the text: the device's records of the send wait for the first words
    // (at most RECORD_WAIT_MS), so their writes and the conversation's re-render do not come
    // between the stream and the screen (docs/agents.md). An edit has no temporary message: it is
    // recorded at once, below.
    const wait = setTimeout(() => void record(), RECORD_WAIT_MS);
    startWaiting(accepted.session_id, input.slug, Date.now(), since, () => {
      clearTimeout(wait);
      confirmCharge(input, accepted);
      return record();
    }, early);
    return accepted;
  }
  startWaiting(accepted.session_id, input.slug, Date.now(), since, () => confirmCharge(input, accepted), early);
  await record();
  return accepted;
}
