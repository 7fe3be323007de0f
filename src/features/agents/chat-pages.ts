/**
 * Which part of a long chat the device holds (docs/agents.md "Opening a chat"). A chat is read in
 * pages, newest first (agentsApi.sessionMessages): the device holds an unbroken run of the chat
 * from some message to its end, and remembers here where that run starts and whether the chat has
 * earlier messages than that. Kept in Dexie (meta, wiped with the space), so offline the screen
 * knows that earlier messages exist but were never read, and says they need a connection.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { db, metaKey, readValue, saveValue } from '../../db';
import type { ChatMessageDto } from '../../contract/agents';
import { saveSessionMessages, toMessageRow } from './agents.sync';

export interface ChatPages {
  /** The oldest message the device read (the cursor of the next page); null when none. */
  before: string | null;
  /** The chat has messages before `before` that the device has not read. */
  hasEarlier: boolean;
}

const pagesName = (sessionId: string) => `chat-pages/${sessionId}`;

function isChatPages(value: unknown): value is ChatPages {
  const pages = value as Partial<ChatPages> | undefined;
  return typeof pages === 'object' && pages !== null && typeof pages.hasEarlier === 'boolean' && (typeof pages.before === 'string' || pages.before === null);
}

/** What the device holds of a chat; null when never recorded (a chat saved whole, before pages). */
export async function readChatPages(spaceId: string, sessionId: string): Promise<ChatPages | null> {
  const value = await readValue(pagesName(sessionId), spaceId);
  return isChatPages(value) ? value : null;
}

/** As readChatPages, live: undefined while the device is read. */
export function useChatPages(spaceId: string | null, sessionId: string | undefined): ChatPages | null | undefined {
  return useLiveQuery(async () => {
    if (!spaceId || !sessionId) return null;
    const value = (await db.meta.get(metaKey(pagesName(sessionId), spaceId)))?.value;
    return isChatPages(value) ? value : null;
  }, [spaceId, sessionId]);
}

async function recordPages(spaceId: string, sessionId: string, pages: ChatPages): Promise<void> {
  await saveValue(pagesName(sessionId), spaceId, pages);
}

/**
 * The chat's newest page, just read. Without earlier messages it is the whole chat, and replaces
 * what the device held. With them, what the device held stays if it joins the page (the page's
 * first message was held already: nothing is missing in between); otherwise the held part is
 * older than a gap the device knows nothing about, and goes, so the device holds one unbroken run.
 * Answers false, saving nothing, when `outdated` says the device took in newer messages meanwhile.
 */
export async function saveNewestPage(
  spaceId: string,
  sessionId: string,
  messages: ChatMessageDto[],
  hasEarlier: boolean,
  outdated?: () => boolean,
): Promise<boolean> {
  const first = messages[0];
  const guard = outdated ? { outdated } : {};
  if (!hasEarlier || !first) {
    if (!(await saveSessionMessages(spaceId, sessionId, messages, guard))) return false;
    await recordPages(spaceId, sessionId, { before: first?.id ?? null, hasEarlier: false });
    return true;
  }
  const held = await db.messages.get(first.id);
  const joins = held !== undefined && held.sessionId === sessionId && !held.pending;
  if (!joins) {
    if (!(await saveSessionMessages(spaceId, sessionId, messages, guard))) return false;
    await recordPages(spaceId, sessionId, { before: first.id, hasEarlier: true });
    return true;
  }
  if (!(await saveSessionMessages(spaceId, sessionId, messages, { ...guard, keepBefore: first.created_at }))) return false;
  // A chat saved whole before pages existed has no record: what the device held was all of it.
  const known = await readChatPages(spaceId, sessionId);
  await recordPages(spaceId, sessionId, known ?? { before: first.id, hasEarlier: false });
  return true;
}

/**
 * A newest page merged into what the device holds rather than replacing it (a reply was delivered
 * while it was on its way): the chat's earlier messages are recorded as unread, unless the device
 * already knows where its held part starts.
 */
export async function noteEarlierMessages(spaceId: string, sessionId: string, firstId: string | undefined): Promise<void> {
  if (firstId === undefined || (await readChatPages(spaceId, sessionId)) !== null) return;
  await recordPages(spaceId, sessionId, { before: firstId, hasEarlier: true });
}

/**
 * A page of earlier messages, read with `before` as its cursor: added to what the device holds.
 * Returns false (and saves nothing) when the held part changed meanwhile (a newest page that did
 * not join the held part started a new run): the page no longer joins it.
 */
export async function saveEarlierPage(spaceId: string, sessionId: string, before: string, messages: ChatMessageDto[], hasEarlier: boolean): Promise<boolean> {
  return db.transaction('rw', db.messages, db.meta, async () => {
    const pages = await readChatPages(spaceId, sessionId);
    if (pages?.before !== before) return false;
    await db.messages.bulkPut(messages.map((dto) => toMessageRow(spaceId, dto)));
    const first = messages[0];
    await recordPages(spaceId, sessionId, { before: first?.id ?? before, hasEarlier: hasEarlier && first !== undefined });
    return true;
  });
}
