/**
 * The history search over what the device holds (offline, or when the server cannot be reached):
 * chat titles and the messages of chats opened on this device. Same rule as the server's: every
 * word of the query, each as a prefix, in the title or in one message. Messages are looked up
 * through the multi-entry `words` index (src/db/search-words.ts), so a search reads only the
 * messages that match, not all of them. Without the server's stemming, "bakery" finds "bakery…"
 * but not "bakeries".
 */
import { db, type MessageRow, type SessionRow } from '../../../db';
import { searchTerms, wordsIn } from '../../../contract/chat-history';

export interface HistoryHit {
  session: SessionRow;
  snippet: string;
  messageId: string | null;
}

const SNIPPET_CHARS = 160;

/** About SNIPPET_CHARS of `text` around the first word found, cut at word boundaries. */
export function snippetAround(text: string, terms: string[]): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= SNIPPET_CHARS) return flat;
  const lower = flat.toLowerCase();
  const at = Math.min(...terms.map((term) => lower.indexOf(term)).filter((index) => index >= 0), flat.length);
  const start = Math.max(0, Math.min(at - SNIPPET_CHARS / 3, flat.length - SNIPPET_CHARS));
  const from = start === 0 ? 0 : flat.indexOf(' ', start) + 1;
  const to = flat.lastIndexOf(' ', from + SNIPPET_CHARS);
  const cut = flat.slice(from, to > from ? to : from + SNIPPET_CHARS);
  return `${from > 0 ? '…' : ''}${cut}${from + cut.length < flat.length ? '…' : ''}`;
}

const titleMatches = (title: string, terms: string[]) => {
  const words = wordsIn(title);
  return terms.every((term) => words.some((word) => word.startsWith(term)));
};

/** Ids of the messages holding every term (as a prefix of one of their words). */
async function messagesWithEvery(terms: string[]): Promise<string[]> {
  let found: Set<string> | null = null;
  // The longest term first: it usually matches fewest messages, so the sets shrink fastest.
  for (const term of [...terms].sort((a, b) => b.length - a.length)) {
    const keys = await db.messages.where('words').startsWith(term).primaryKeys();
    const next: Set<string> = new Set(found ? keys.filter((key) => found!.has(key)) : keys);
    found = next;
    if (found.size === 0) break;
  }
  return found ? [...found] : [];
}

export async function searchSavedChats(spaceId: string, query: string, options: { slug?: string; limit?: number } = {}): Promise<HistoryHit[]> {
  const terms = searchTerms(query);
  if (terms.length === 0) return [];
  const limit = options.limit ?? 30;
  const sessions = await db.sessions.where('spaceId').equals(spaceId).toArray();
  const inScope = new Map(sessions.filter((session) => !options.slug || session.agentSlug === options.slug).map((session) => [session.id, session]));

  const hits = new Map<string, HistoryHit>();
  for (const session of inScope.values()) {
    if (titleMatches(session.title, terms)) hits.set(session.id, { session, snippet: session.title, messageId: null });
  }
  const messages = (await db.messages.bulkGet(await messagesWithEvery(terms))).filter(
    (row): row is MessageRow => row !== undefined && row.spaceId === spaceId && inScope.has(row.sessionId),
  );
  // The newest matching message of each chat stands for it.
  messages.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  const byMessage = new Map<string, HistoryHit>();
  for (const message of messages) {
    if (hits.has(message.sessionId) || byMessage.has(message.sessionId)) continue;
    byMessage.set(message.sessionId, { session: inScope.get(message.sessionId)!, snippet: snippetAround(message.content, terms), messageId: message.id });
  }
  const newestFirst = (a: HistoryHit, b: HistoryHit) => b.session.updatedAt.localeCompare(a.session.updatedAt);
  // Title matches lead, as on the server.
  return [...[...hits.values()].sort(newestFirst), ...[...byMessage.values()].sort(newestFirst)].slice(0, limit);
}
