/**
 * The write side of Server → Dexie → UI for chats: fetched sessions and messages replace what the
 * device saved, so the screens (reading Dexie) update by themselves and still open offline.
 */
import { db, saveSnapshot, type MessageRow, type SessionRow } from '../../db';
import type { ChatMessageDto, ChatSessionDto } from '../../contract/agents';
import type { HistorySessionDto } from '../../contract/chat-history';
import { matchTemporaryMessage, TEMP_MATCH_WINDOW_MS } from './lib/chat-rules';

/**
 * A session as saved. The spec's list does not say whether a chat is pinned or who started it (the
 * history's answers do), so a row saved from it keeps what the device already knew.
 */
export const toSessionRow = (spaceId: string, dto: ChatSessionDto & Partial<Pick<HistorySessionDto, 'pinned' | 'started_by'>>, saved?: SessionRow): SessionRow => ({
  id: dto.id,
  spaceId,
  agentSlug: dto.agent_slug,
  title: dto.title,
  createdAt: dto.created_at,
  updatedAt: dto.updated_at,
  pinned: dto.pinned ?? saved?.pinned ?? false,
  startedBy: dto.started_by !== undefined ? dto.started_by : saved?.startedBy,
});

async function savedSessions(spaceId: string): Promise<Map<string, SessionRow>> {
  return new Map((await db.sessions.where('spaceId').equals(spaceId).toArray()).map((row) => [row.id, row]));
}

export const toMessageRow = (spaceId: string, dto: ChatMessageDto): MessageRow => ({
  id: dto.id,
  spaceId,
  sessionId: dto.session_id,
  role: dto.role,
  content: dto.content,
  createdAt: dto.created_at,
  rating: dto.rating,
  feedbackCategories: dto.feedback_categories,
  feedbackText: dto.feedback_text,
  engine: dto.engine,
  // Absent only in answers saved before versions existed: left out, so the row follows the one before it.
  ...(dto.parent_id !== undefined ? { parentId: dto.parent_id } : {}),
  citations: dto.citations ?? [],
  pending: false,
});

/** Recorded when the space's chat list is saved: until then no chats on the device means "not loaded", not "none". */
export const SESSIONS_SYNC_NAME = 'sessions';

/**
 * How many chats each space has had started on this page (a first message the server accepted). A
 * session list asked for before the latest one does not have it: it must not take it away
 * (loadSessions compares the count before and after, as the chat's list does with deliveries).
 */
const chatsStarted = new Map<string, number>();
export const chatsStartedIn = (spaceId: string): number => chatsStarted.get(spaceId) ?? 0;

/** Counted as soon as the server accepted the chat's first message, before the device writes it. */
export function noteChatStarted(spaceId: string): void {
  chatsStarted.set(spaceId, chatsStartedIn(spaceId) + 1);
}

/**
 * The space's whole session list (every agent), so each agent's screen filters locally. With
 * `outdated` saying a chat was started after the list was asked for, its rows are added and none
 * taken away.
 */
export async function saveSessions(spaceId: string, sessions: ChatSessionDto[], outdated?: () => boolean): Promise<void> {
  // Read and written in one transaction, so a history page saved in between is not overwritten.
  await db.transaction('rw', db.sessions, db.meta, async () => {
    const saved = await savedSessions(spaceId);
    const rows = sessions.map((dto) => toSessionRow(spaceId, dto, saved.get(dto.id)));
    const replaced = await saveSnapshot('sessions', { spaceId }, rows, { syncName: SESSIONS_SYNC_NAME, ...(outdated ? { outdated } : {}) });
    if (!replaced) await db.sessions.bulkPut(rows);
  });
}

export async function saveSession(spaceId: string, session: ChatSessionDto): Promise<void> {
  await db.transaction('rw', db.sessions, async () => {
    await db.sessions.put(toSessionRow(spaceId, session, await db.sessions.get(session.id)));
  });
}

/**
 * A session's message list: the whole chat, or (with `keepBefore`) its newest part, the saved
 * messages older than `keepBefore` staying as they are. Temporary messages stay until matched
 * (spec 001 §9: within 30 s) with the confirmed one, which then replaces them. With `outdated`,
 * nothing is saved when it says the device has newer messages (answers false).
 */
export async function saveSessionMessages(
  spaceId: string,
  sessionId: string,
  messages: ChatMessageDto[],
  { keepBefore, outdated }: { keepBefore?: string; outdated?: () => boolean } = {},
): Promise<boolean> {
  const rows = messages.map((dto) => toMessageRow(spaceId, dto));
  const matched = await temporaryMatches(sessionId, rows);
  // A temporary message older than the match window was never accepted (e.g. the page closed while
  // sending); its text is still in the chat's draft, so it goes rather than showing "Sending…" forever.
  const stillSending = (row: MessageRow) => Date.now() - Date.parse(row.createdAt) < TEMP_MATCH_WINDOW_MS;
  const older = (row: MessageRow) => keepBefore !== undefined && !row.pending && row.createdAt < keepBefore;
  return saveSnapshot('messages', { spaceId, sessionId }, rows, {
    keep: (row) => older(row) || (row.pending && !matched.has(row.id) && stillSending(row)),
    ...(outdated ? { outdated } : {}),
  });
}

/** Whether the device holds any of the chat's messages (its temporary ones aside). */
export async function holdsMessagesOf(sessionId: string): Promise<boolean> {
  return (await db.messages.where('sessionId').equals(sessionId).filter((row) => !row.pending).first()) !== undefined;
}

/**
 * How many deliveries each session has had on this page: a stream's or a poll's new messages, and
 * a message of ours the server accepted. A whole-list answer asked for before the latest delivery
 * may have left the server before it: it must not replace what the delivery brought
 * (loadSessionMessages compares the count before and after).
 */
const deliveries = new Map<string, number>();
export const deliveriesTo = (sessionId: string): number => deliveries.get(sessionId) ?? 0;

/**
 * Counted as soon as it is known, before the device writes it: a whole-list answer that arrives
 * while those writes are under way must already see it.
 */
export function noteDelivery(sessionId: string): void {
  deliveries.set(sessionId, deliveriesTo(sessionId) + 1);
}

/** New messages from a poll: added (or updated), and the temporary ones they confirm removed. */
export async function mergeMessages(spaceId: string, messages: ChatMessageDto[]): Promise<void> {
  if (messages.length === 0) return;
  const rows = messages.map((dto) => toMessageRow(spaceId, dto));
  const sessionId = rows[0]!.sessionId;
  noteDelivery(sessionId);
  const matched = await temporaryMatches(sessionId, rows);
  await db.transaction('rw', db.messages, async () => {
    await db.messages.bulkDelete([...matched]);
    await db.messages.bulkPut(rows);
  });
}

async function temporaryMatches(sessionId: string, confirmed: MessageRow[]): Promise<Set<string>> {
  const temporary = await db.messages.where('sessionId').equals(sessionId).filter((row) => row.pending).toArray();
  const claimed = new Set<string>();
  const matched = new Set<string>();
  for (const temp of temporary) {
    const match = matchTemporaryMessage(temp, confirmed, claimed);
    if (match) {
      claimed.add(match.id);
      matched.add(temp.id);
    }
  }
  return matched;
}

export async function addTemporaryMessage(row: MessageRow): Promise<void> {
  await db.messages.put(row);
}

/** The server accepted a temporary message: it is replaced by the confirmed one at once (no poll needed). */
export async function confirmTemporaryMessage(temporaryId: string, confirmed: MessageRow): Promise<void> {
  await db.transaction('rw', db.messages, async () => {
    await db.messages.delete(temporaryId);
    await db.messages.put(confirmed);
  });
}

export async function removeMessage(id: string): Promise<void> {
  await db.messages.delete(id);
}

export async function updateMessage(id: string, changes: Partial<MessageRow>): Promise<void> {
  await db.messages.update(id, changes);
}
