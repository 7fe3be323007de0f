/**
 * The space's chat history (docs/agents.md "History"): every chat of every agent in one list, with
 * rename, pin, delete with undo, and full-text search. Wire shapes, limits, the texts both sides
 * show, and who may rename or delete a chat.
 */
// The wire schemas are in chat-history-schemas.ts: the device's read model loads this file (its
// search words) with every signed-in page, and building schemas there would load the schema
// library and the agents' schemas before the first screen.
import { isOrgManagerRole, type Role } from './auth';
import type { ChatSessionDto } from './agents';

/** A chat in the history: the session plus what the rail needs. `updated_at` is the last activity. */
export interface HistorySessionDto extends ChatSessionDto {
  pinned: boolean;
  /** Who started it (null: their account is gone); decides who may rename or delete it. */
  started_by: string | null;
}

export interface HistoryPage {
  sessions: HistorySessionDto[];
  has_more: boolean;
}

export interface HistorySearchHit {
  session: HistorySessionDto;
  /** A short passage around the words found (plain text), from the title or the best message. */
  snippet: string;
  /** The message the snippet comes from; null when the title matched. */
  message_id: string | null;
}

export interface HistorySearchResult {
  query: string;
  results: HistorySearchHit[];
}

export interface DeletedSession {
  id: string;
  deleted_at: string;
  /** Until when POST /agents/sessions/{id}/restore brings it back. */
  restorable_until: string;
}

/** How long a deleted chat can be restored before it is removed for good. */
export const CHAT_RESTORE_WINDOW_MS = 10 * 60_000;
export const HISTORY_PAGE_MAX = 200;
export const HISTORY_SEARCH_LIMIT_MAX = 50;
export const CHAT_TITLE_MAX = 200;
export const SEARCH_QUERY_MAX = 200;
/** Words of a query that count; more are ignored (a query is a few keywords, not a paragraph). */
export const SEARCH_TERMS_MAX = 8;

export const HISTORY_TEXTS = {
  titleRequired: 'Give the chat a title.',
  titleTooLong: `A chat title can be at most ${CHAT_TITLE_MAX} characters.`,
  nothingToChange: 'Send a new title or a pinned value.',
  queryWithoutWords: 'Type at least one letter or number to search.',
  notRestorable: 'This chat can no longer be restored: its undo time has passed.',
  deleteWhileAnswering: 'The agent is still answering in this chat. Wait for the reply or cancel it, then delete the chat.',
  othersChat: 'Members can rename or delete only the chats they started. Ask an organisation owner or admin.',
} as const;

/** Lower-cased runs of letters and digits: how titles, messages and queries are split into words, on both sides. */
export function wordsIn(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/**
 * The words a search looks for: letters and digits only (so no query syntax reaches the database),
 * lower-cased, at most SEARCH_TERMS_MAX. The server and the offline search split the same way.
 */

export function searchTerms(query: string): string[] {
  return [...new Set(wordsIn(query))].slice(0, SEARCH_TERMS_MAX);
}

interface ChatActor {
  id: string;
  role: Role;
}

/** Why `actor` may not rename or delete a chat started by `startedBy`, or null when they may. */
export function manageChatBlockedReason(actor: ChatActor, startedBy: string | null): string | null {
  if (isOrgManagerRole(actor.role) || actor.role === 'system_admin') return null;
  return startedBy !== null && startedBy === actor.id ? null : HISTORY_TEXTS.othersChat;
}
