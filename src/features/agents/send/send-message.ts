/**
 * A send from the message box, whole (spec 001 §4 "Chat send"); the one entry. Online, the message
 * is delivered (deliver.ts): the post, then the reply's stream (the long poll only when the stream
 * fails) and the spec's confirming deduct, and nothing else asked of the server. Offline, or when
 * the post gets no answer, it waits in the outbox instead (outbox/queue-for-later.ts,
 * docs/agents.md "Offline outbox").
 */
import { connectivity } from '../../../pwa/connectivity.store';
import { isLocked } from '../chat.store';
import { AGENT_TEXT } from '../lib/messages';
import { queueForLater } from '../outbox/queue-for-later';
import { deliverMessage } from './deliver';
import { chatKeyOf, ChatSendError, SendUnanswered, type SendInput, type SendOutcome } from './send-types';

/**
 * Sends a message and starts waiting for the reply. Resolves once the server accepted it (the reply
 * arrives later, into Dexie), or once it is in the outbox: written while offline, or its send got
 * no answer. Rejects with a user-facing message otherwise, leaving the text to the caller to put back.
 */
export async function sendMessage(input: SendInput): Promise<SendOutcome> {
  if (isLocked(chatKeyOf(input))) throw new ChatSendError(AGENT_TEXT.sendFailed);
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
