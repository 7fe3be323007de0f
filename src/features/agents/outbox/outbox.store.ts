/**
 * The offline outbox (docs/agents.md "Offline outbox"): chat messages written while the server
 * could not be reached, kept in Dexie (so a reload, a closed tab or a restarted browser loses
 * nothing; wiped with the space and at the end of the session) until they are sent. Each row's id
 * is its send's Idempotency-Key, and each row names who wrote it: only they send it. Several tabs
 * share the table: a tab takes a row to send it (`sendAsOnlyTab`), so two tabs never send one row
 * at once, and a claim left by a tab that closed mid-send is taken over.
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
  /** A tab is sending it now (this one after a reload, or another tab). */
  sending: 'Sending…',
  othersRemoved: 'Messages another person left waiting to send on this device were removed without being sent.',
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

/**
 * The rows a chat shows. While this tab is busy in the chat (sending, or waiting for the reply to
 * what it sent) a row being sent is left out: the conversation shows it as the message itself. One
 * another tab (or this one before a reload) is sending shows as "Sending…": never out of sight.
 */
export function queuedToShow(rows: readonly OutboxRow[], busyHere: boolean): OutboxRow[] {
  return rows.filter((row) => row.state !== 'sending' || !busyHere);
}

/** Whether a message of the chat waits to be sent (refused ones wait for the user, not the connection). */
export const anyWaiting = (rows: readonly OutboxRow[]) => rows.some((row) => row.state !== 'refused');

export async function queuedIn(chatKey: string): Promise<OutboxRow[]> {
  return db.outbox.where('chatKey').equals(chatKey).toArray();
}

/** Web Locks, where the browser has them: the sending tab holds its row's lock for the whole send. */
function lockManager(): LockManager | undefined {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks && typeof locks.request === 'function' ? locks : undefined;
}

const rowLockName = (id: string) => `mosaic-outbox:${id}`;

/**
 * Whether a row may be taken now. `lockHeld`: this tab holds the row's lock, so a `sending` claim
 * on it was left by a tab that is gone (it would hold the lock otherwise), however recent.
 */
const sendable = (row: OutboxRow, now: number, lockHeld: boolean) =>
  row.state === 'waiting' || (row.state === 'sending' && (lockHeld || now - (row.claimedAt ?? 0) > ABANDONED_CLAIM_MS));

/** Rows of one user in a space that may be ready to send, oldest first (the lock or the claim's age decides at the claim). */
export async function sendableIn(spaceId: string, userId: string): Promise<OutboxRow[]> {
  const now = Date.now();
  const lockHeld = lockManager() !== undefined;
  return (await db.outbox.where('spaceId').equals(spaceId).toArray())
    .filter((row) => row.userId === userId && sendable(row, now, lockHeld))
    .sort((a, b) => a.createdAt - b.createdAt);
}

/** Whether a row of the space is being sent by another tab right now (or was, by one that closed less than a minute ago, without Web Locks). */
export async function heldByATab(spaceId: string): Promise<boolean> {
  const now = Date.now();
  const sending = (await db.outbox.where('spaceId').equals(spaceId).toArray()).filter((row) => row.state === 'sending');
  if (sending.length === 0) return false;
  const locks = lockManager();
  if (!locks) return sending.some((row) => !sendable(row, now, false));
  const held = new Set(((await locks.query()).held ?? []).map((lock) => lock.name));
  return sending.some((row) => held.has(rowLockName(row.id)));
}

/**
 * Takes a row to send it and runs `send` as the only tab sending it; null when the row is gone,
 * refused, or being sent by another tab. With Web Locks the row's lock is held until `send`
 * settles, so a tab that closes or reloads mid-send frees the row at once; without them the
 * claim's age stands in (ABANDONED_CLAIM_MS).
 */
export async function sendAsOnlyTab<T>(id: string, send: (claimed: OutboxRow) => Promise<T>): Promise<T | null> {
  const locks = lockManager();
  if (!locks) {
    const claimed = await claimQueued(id, false);
    return claimed ? send(claimed) : null;
  }
  return locks.request(rowLockName(id), { ifAvailable: true }, async (lock) => {
    if (!lock) return null;
    const claimed = await claimQueued(id, true);
    return claimed ? send(claimed) : null;
  });
}

async function claimQueued(id: string, lockHeld: boolean): Promise<OutboxRow | null> {
  return db.transaction('rw', db.outbox, async () => {
    const row = await db.outbox.get(id);
    const now = Date.now();
    if (!row || !sendable(row, now, lockHeld)) return null;
    const claimed: OutboxRow = { ...row, state: 'sending', claimedAt: now };
    await db.outbox.put(claimed);
    return claimed;
  });
}

/**
 * Rows nobody signed in now may send: written by another person, or before owners were recorded.
 * They are removed unsent (a wipe that never finished is the only way they could be left), and
 * their number returned so the person can be told.
 */
export async function removeOthersQueued(userId: string): Promise<number> {
  return db.transaction('rw', db.outbox, async () => {
    const others = (await db.outbox.toArray()).filter((row) => row.userId !== userId).map((row) => row.id);
    await db.outbox.bulkDelete(others);
    return others.length;
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
