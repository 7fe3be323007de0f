/**
 * Regenerate: a new version of a reply, followed like a send (the stream, else the long poll), so
 * its text shows as it is written, Stop works, and the composer is locked no longer than the
 * reply's own wait limit. The branch on screen ends at the question meanwhile, so the new reply
 * shows under it when it comes; the earlier versions stay (‹ › on the reply). The server refunds a
 * run that fails or is cancelled before it writes anything.
 */
import { applyCreditsRemaining } from '../../billing/billing.store';
import { getCurrentSpace } from '../../spaces/spaces.store';
import { agentsApi } from '../agents.api';
import { announceCharge } from '../billing-refresh';
import { isLocked, live } from '../chat.store';
import { pollSinceBefore, startWaiting } from '../chat-waiting';
import { agentErrorMessage } from '../lib/errors';
import { ChatSendError } from '../send/send-types';
import { chooseLeaf, chosenLeafOf } from './branch.store';

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
    startWaiting(sessionId, slug, Date.now(), pollSinceBefore(accepted.created_at));
  } catch (error) {
    if (spaceId) await chooseLeaf(spaceId, sessionId, shownBefore);
    Object.assign(chat, { status: 'idle', phase: null, streamText: null, error: agentErrorMessage(error, 'regenerate') });
    throw new ChatSendError(chat.error!);
  }
}
