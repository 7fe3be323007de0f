/**
 * Sends what waits in the outbox (docs/agents.md "Offline outbox"), oldest first, through the same
 * path as a message sent online (send/deliver.ts deliverMessage: temporary message, checks, the post
 * with the row's Idempotency-Key, the confirming deduct, then waiting for the reply). One round at
 * a time per tab; rows are claimed, so another tab never sends the same one, and only the rows of
 * the person signed in are sent (anyone else's are removed unsent). A chat still waiting
 * for a reply keeps its message until that reply is in; a send that gets no answer stops the round
 * (the connection is gone again); a refusal (credits, plan, a deleted chat) stays with its reason.
 */
import { toast } from 'sonner';
import { authState } from '../../../session';
import { logger } from '../../../lib/logger';
import { getCurrentSpace } from '../../spaces/spaces.store';
import type { OutboxRow } from '../../../db';
import { isLocked, newChatKey } from '../chat.store';
import { deliverMessage } from '../send/deliver';
import { ChatSendError, SendUnanswered, type SendInput } from '../send/send-types';
import { ABANDONED_CLAIM_MS, heldByATab, OUTBOX_TEXT, outboxState, refuseQueued, releaseQueued, removeOthersQueued, sendableIn, sendAsOnlyTab } from './outbox.store';

let round: Promise<boolean> | null = null;
let again = false;

const inputOf = (row: OutboxRow): SendInput => ({
  slug: row.agentSlug,
  sessionId: row.sessionId,
  text: row.text,
  mode: row.mode,
  ...(row.parentMessageId !== undefined ? { parentId: row.parentMessageId } : {}),
  ...(row.editsMessageId ? { editsMessageId: row.editsMessageId } : {}),
  ...(row.referencedDocumentIds ? { referencedDocumentIds: row.referencedDocumentIds } : {}),
  ...(row.brandDocumentIds ? { brandDocumentIds: row.brandDocumentIds } : {}),
  ...(row.assetIds ? { assetIds: row.assetIds } : {}),
});

/**
 * Sends the current space's waiting messages. Resolves true when none was held back for want of a
 * connection (the worker's Background Sync is then done), false otherwise.
 */
export function sendWaitingMessages(): Promise<boolean> {
  if (round) {
    // Asked again while sending (another chat's reply finished): one more round after this one.
    again = true;
    return round;
  }
  round = (async () => {
    let connected = true;
    do {
      again = false;
      connected = await sendRound();
      // Asked again meanwhile: another round even after a send without an answer, since the ask may
      // be the connection coming back (the browser's event can come while the first try still fails).
    } while (again);
    return connected;
  })().finally(() => {
    round = null;
    void retryWhatAnotherTabHolds();
  });
  return round;
}

let retry: ReturnType<typeof setTimeout> | undefined;

/**
 * A row claimed by a tab that closed (or reloaded) while sending it is free again after a minute:
 * nothing else would wake the outbox for it then, so a round is planned for that moment.
 */
async function retryWhatAnotherTabHolds(): Promise<void> {
  const space = getCurrentSpace();
  if (!space || retry || !(await heldByATab(space.id))) return;
  retry = setTimeout(() => {
    retry = undefined;
    void sendWaitingMessages();
  }, ABANDONED_CLAIM_MS + 1_000);
}

async function sendRound(): Promise<boolean> {
  const space = getCurrentSpace();
  const userId = authState.user?.id;
  if (!space || !userId) return true;
  await dropOthersMessages(userId);
  for (const row of await sendableIn(space.id, userId)) {
    // A chat waiting for a reply takes its next message after it (the server would refuse it as busy).
    if (isLocked(row.sessionId ?? newChatKey(row.agentSlug))) continue;
    const outcome = await sendAsOnlyTab(row.id, sendClaimed);
    if (outcome === 'unanswered') return false;
  }
  return true;
}

async function sendClaimed(claimed: OutboxRow): Promise<'sent' | 'unanswered' | 'kept'> {
  try {
    const accepted = await deliverMessage(inputOf(claimed), claimed.id);
    // The first message of a new chat: a start page still showing it opens the chat.
    if (!claimed.sessionId) outboxState.delivered[claimed.chatKey] = accepted.session_id;
    return 'sent';
  } catch (error) {
    if (error instanceof SendUnanswered) {
      await releaseQueued(claimed.id, true);
      return 'unanswered';
    }
    // Busy with a reply someone else asked for: it waits for the next round.
    if (error instanceof ChatSendError && error.status === 409) await releaseQueued(claimed.id, false);
    else await refuseQueued(claimed.id, error instanceof Error ? error.message : String(error));
    return 'kept';
  }
}

/**
 * Another person's messages are never sent under this session. They can only be here if the wipe
 * at the end of their session never finished; they go now, and the person signed in is told that
 * something was removed (not what).
 */
async function dropOthersMessages(userId: string): Promise<void> {
  const removed = await removeOthersQueued(userId);
  if (removed === 0) return;
  logger.warn('Removed unsent chat messages another person left on this device', { count: removed });
  toast.info(OUTBOX_TEXT.othersRemoved);
}
