/**
 * The offline outbox (docs/agents.md "Offline outbox"): chat messages written while the server
 * could not be reached, kept in Dexie (so a reload loses nothing; wiped with the space and at
 * logout) until they are sent. Each row's id is its send's Idempotency-Key. Several tabs share the
 * table: a tab takes a row to send it in a transaction (`claimQueued`), so two tabs never send one
 * row at once, and a claim left by a tab that closed mid-send is taken over after a minute.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { proxy } from 'valtio';
import { db, type OutboxRow } from '../../../db';

/** A send takes seconds; a claim older than this was left by a tab that closed or crashed while sending. */
export const ABANDONED_CLAIM_MS = 60_000;

/** Texts of the outbox, shown in the conversation and the composer. */
export const OUTBOX_TEXT = {
  waiting: 'Waiting to send',
  waitingHint: "You're offline. It will be sent when the connection returns.",
  oneAtATime: 'A message is already waiting to send in this chat. Edit it, or wait until you are back online.',
  refusedPrefix: 'Not sent',
} as const;

/** Chats whose queued first message was just sent: the new chat's id, so a start page can open it. */
export const outboxState = proxy<{ delivered: Record<string, string> }>({ delivered: {} });

export type NewQueued = Omit<OutboxRow, 'state' | 'createdAt' | 'claimedAt' | 'error'>;

export async function queueMessage(row: NewQueued): Promise<void> {
  await db.outbox.put({ ...row, state: 'waiting', createdAt: Date.now(), error: null });
}

/** The messages waiting in one chat (`chatKey`: a session id or `new:<slug>`), oldest first. */
export function useQueued(chatKey: string | undefined): OutboxRow[] | undefined {
  return useLiveQuery(async () => (chatKey ? (await db.outbox.where('chatKey').equals(chatKey).toArray()).sort((a, b) => a.createdAt - b.createdAt) : []), [chatKey]);
}

export async function queuedIn(chatKey: string): Promise<OutboxRow[]> {
  return db.outbox.where('chatKey').equals(chatKey).toArray();
}

const sendable = (row: OutboxRow, now: number) => row.state === 'waiting' || (row.state === 'sending' && now - (row.claimedAt ?? 0) > ABANDONED_CLAIM_MS);

/** Rows of a space ready to be sent, oldest first. */
export async function sendableIn(spaceId: string): Promise<OutboxRow[]> {
  const now = Date.now();
  return (await db.outbox.where('spaceId').equals(spaceId).toArray()).filter((row) => sendable(row, now)).sort((a, b) => a.createdAt - b.createdAt);
}

/** Whether a row of the space is being sent by a tab right now (or was, by one that closed less than a minute ago). */
export async function heldByATab(spaceId: string): Promise<boolean> {
  const now = Date.now();
  return (await db.outbox.where('spaceId').equals(spaceId).toArray()).some((row) => row.state === 'sending' && !sendable(row, now));
}

/** Takes a row to send it; null when it is gone, refused, or being sent by another tab. */
export async function claimQueued(id: string): Promise<OutboxRow | null> {
  return db.transaction('rw', db.outbox, async () => {
    const row = await db.outbox.get(id);
    const now = Date.now();
    if (!row || !sendable(row, now)) return null;
    const claimed: OutboxRow = { ...row, state: 'sending', claimedAt: now };
    await db.outbox.put(claimed);
    return claimed;
  });
}

/** Back to waiting (no connection, or the chat is busy); `attempted`: the send may have reached the server. */
export async function releaseQueued(id: string, attempted: boolean): Promise<void> {
  await db.outbox.update(id, (row) => {
    row.state = 'waiting';
    row.attempted = row.attempted || attempted;
    delete row.claimedAt;
  });
}

/** The server refused it (credits, plan, a chat gone): it stays, with the reason, until the user decides. */
export async function refuseQueued(id: string, error: string): Promise<void> {
  await db.outbox.update(id, { state: 'refused', error });
}

/** Edited while waiting (or after a refusal, which sends it again). Its key stays: see docs/agents.md. */
export async function editQueued(id: string, text: string): Promise<void> {
  await db.outbox.update(id, (row) => {
    if (row.state === 'sending') return;
    row.text = text;
    row.state = 'waiting';
    row.error = null;
  });
}

export async function retryQueued(id: string): Promise<void> {
  await db.outbox.update(id, (row) => {
    if (row.state === 'refused') Object.assign(row, { state: 'waiting', error: null });
  });
}

/** Takes a message out of the outbox (sent, or cancelled by the user); returns it. */
export async function removeQueued(id: string): Promise<OutboxRow | undefined> {
  return db.transaction('rw', db.outbox, async () => {
    const row = await db.outbox.get(id);
    if (row?.state === 'sending' && Date.now() - (row.claimedAt ?? 0) <= ABANDONED_CLAIM_MS) return undefined;
    await db.outbox.delete(id);
    return row;
  });
}

/** Removes a row that was just sent (whatever its state). */
export async function forgetSent(id: string): Promise<void> {
  await db.outbox.delete(id);
}

/** How many messages are waiting on this device, every space (logout asks first when there are some). */
export async function countQueued(): Promise<number> {
  return db.outbox.count();
}
