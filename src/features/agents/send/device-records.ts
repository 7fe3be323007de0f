/**
 * The device's records of a send (Dexie): the user's message shown at once as a temporary one,
 * taken back when the send is refused, and replaced by the server's once it is accepted. Each is one
 * transaction, so the conversation re-renders once for it.
 */
import { db } from '../../../db';
import type { AcceptedMessage } from '../../../contract/agents';
import { addTemporaryMessage, confirmTemporaryMessage, removeMessage, saveSession } from '../agents.sync';
import { chatState } from '../chat.store';
import { chatTitle } from '../lib/chat-rules';
import { forgetSent } from '../outbox/outbox.store';
import { chooseLeaf } from '../versions/branch.store';
import type { SendInput } from './send-types';

/** The temporary message: its id, and its writes, which the post does not wait for. */
export interface TemporaryMessage {
  id: string;
  written: Promise<void>;
}

/**
 * The user's message on screen while it is sent, with the branch on screen following it: one
 * transaction, so the conversation re-renders once, not while the post's answer is due.
 */
export async function showTemporaryMessage(input: SendInput, key: string, spaceId: string, temporaryId: string): Promise<void> {
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
 * A refused send leaves nothing behind: the temporary message goes (once its own writes are done)
 * and the branch shown before the send is shown again.
 */
export async function takeBackTemporaryMessage(
  temporary: TemporaryMessage,
  shownBefore: { spaceId: string | null; sessionId: string | null; leaf: Promise<string | null> },
): Promise<void> {
  await temporary.written.catch(() => undefined);
  await removeMessage(temporary.id);
  if (shownBefore.spaceId && shownBefore.sessionId) await chooseLeaf(shownBefore.spaceId, shownBefore.sessionId, await shownBefore.leaf.catch(() => null));
}

/**
 * The device's records of an accepted send: a new chat saved under its id, the temporary message
 * (once its own writes are done) replaced by the server's, the branch on screen following it, and
 * the outbox entry gone. One transaction: the screen re-renders once, while the reply is due.
 */
export async function recordAccepted(
  input: SendInput,
  key: string,
  spaceId: string,
  temporary: TemporaryMessage,
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
