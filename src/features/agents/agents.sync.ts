/**
 * The write side of Server → Dexie → UI for chats: fetched sessions and messages replace what the
 * device saved, so the screens (reading Dexie) update by themselves and still open offline.
 */
import { db, saveSnapshot, type MessageRow, type SessionRow } from '../../db';
import type { ChatMessageDto, ChatSessionDto } from '../../contract/agents';
import { matchTemporaryMessage, TEMP_MATCH_WINDOW_MS } from './lib/chat-rules';

export const toSessionRow = (spaceId: string, dto: ChatSessionDto): SessionRow => ({
  id: dto.id,
  spaceId,
  agentSlug: dto.agent_slug,
  title: dto.title,
  createdAt: dto.created_at,
  updatedAt: dto.updated_at,
});

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
  pending: false,
});

/** The space's whole session list (every agent), so each agent's screen filters locally. */
export async function saveSessions(spaceId: string, sessions: ChatSessionDto[]): Promise<void> {
  await saveSnapshot('sessions', { spaceId }, sessions.map((dto) => toSessionRow(spaceId, dto)), { syncName: 'sessions' });
}

export async function saveSession(spaceId: string, session: ChatSessionDto): Promise<void> {
  await db.sessions.put(toSessionRow(spaceId, session));
}

/**
 * A session's full message list. Temporary messages stay until matched (spec 001 §9: within 30 s)
 * with the confirmed one, which then replaces them.
 */
export async function saveSessionMessages(spaceId: string, sessionId: string, messages: ChatMessageDto[]): Promise<void> {
  const rows = messages.map((dto) => toMessageRow(spaceId, dto));
  const matched = await temporaryMatches(sessionId, rows);
  // A temporary message older than the match window was never accepted (e.g. the page closed while
  // sending); its text is still in the chat's draft, so it goes rather than showing "Sending…" forever.
  const stillSending = (row: MessageRow) => Date.now() - Date.parse(row.createdAt) < TEMP_MATCH_WINDOW_MS;
  await saveSnapshot('messages', { spaceId, sessionId }, rows, { keep: (row) => row.pending && !matched.has(row.id) && stillSending(row) });
}

/** New messages from a poll: added (or updated), and the temporary ones they confirm removed. */
export async function mergeMessages(spaceId: string, messages: ChatMessageDto[]): Promise<void> {
  if (messages.length === 0) return;
  const rows = messages.map((dto) => toMessageRow(spaceId, dto));
  const sessionId = rows[0]!.sessionId;
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

export async function removeMessage(id: string): Promise<void> {
  await db.messages.delete(id);
}

export async function updateMessage(id: string, changes: Partial<MessageRow>): Promise<void> {
  await db.messages.update(id, changes);
}
