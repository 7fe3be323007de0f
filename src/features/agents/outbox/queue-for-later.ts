/**
 * A message that cannot go now (offline, or its post got no answer) is kept in the outbox, to be
 * sent when the connection returns (docs/agents.md "Offline outbox"; outbox-send.ts sends it).
 */
import { authState } from '../../../session';
import { getCurrentSpace } from '../../spaces/spaces.store';
import { live } from '../chat.store';
import { AGENT_TEXT } from '../lib/messages';
import { chatKeyOf, ChatSendError, type SendInput, type SendOutcome } from '../send/send-types';
import { OUTBOX_TEXT, queueMessage, queuedIn } from './outbox.store';
import { requestOutboxSync } from './outbox-sync';

/** `id`: the send's Idempotency-Key, kept as the row's id; `attempted`: its post went out unanswered. */
export async function queueForLater(input: SendInput, id: string, attempted: boolean): Promise<SendOutcome> {
  const chatKey = chatKeyOf(input);
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
