/**
 * The history search over what the device holds (offline, or when the server cannot be reached):
 * chat titles and the messages of chats opened on this device. Same rule as the server's: every
 * word of the query, each as a prefix, in the title or in one message. Without the server's
 * stemming, "bakery" finds "bakery…" but not "bakeries".
 *
 * Reading message rows is what costs (a common word is in thousands of them), so the search works
 * on index keys and reads the rows it shows, or the matching ones when they are few: the
 * multi-entry `words` index (src/db/search-words.ts) gives the ids of the matching messages, a
 * chat's `[sessionId+createdAt]` range its message ids oldest first, and the chats are visited in
 * the order they are shown until there are enough. docs/agents.md "History search" has the figures.
 */
import { db, type MessageRow, type SessionRow } from '../../../db';
import { searchTerms, wordsIn } from '../../../contract/chat-history';

export interface HistoryHit {
  session: SessionRow;
  snippet: string;
  messageId: string | null;
}

const SNIPPET_CHARS = 160;

/**
 * About how many message rows cost as much as reading one chat's message ids off the index (one
 * request each; bench:history measures both in Chromium and in Node). Decides when reading the
 * remaining matching rows beats visiting more chats.
 */
const ROWS_PER_CHAT_READ = 8;

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

const newestFirst = (a: SessionRow, b: SessionRow) => b.updatedAt.localeCompare(a.updatedAt);

/** Ids of the messages holding every term (as a prefix of one of their words): index keys only. */
async function messagesWithEvery(terms: string[]): Promise<Set<string>> {
  let found: Set<string> | null = null;
  // The longest term first: it usually matches fewest messages, so the sets shrink fastest.
  for (const term of [...terms].sort((a, b) => b.length - a.length)) {
    const keys = await db.messages.where('words').startsWith(term).primaryKeys();
    const next: Set<string> = new Set(found ? keys.filter((key) => found!.has(key)) : keys);
    found = next;
    if (found.size === 0) break;
  }
  return found ?? new Set();
}

/** A chat's message ids, oldest first, off the [sessionId+createdAt] index (ISO timestamps sort as text). */
const messageIdsOf = (sessionId: string) => db.messages.where('[sessionId+createdAt]').between([sessionId, ''], [sessionId, '\uffff'], true, true).primaryKeys();

/** Newest first, as the [sessionId+createdAt] index orders a chat's messages (its id settles a tie). */
const newerMessageFirst = (a: MessageRow, b: MessageRow) => b.createdAt.localeCompare(a.createdAt) || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

const rowsOf = async (ids: Iterable<string>) => (await db.messages.bulkGet([...ids])).filter((row): row is MessageRow => row !== undefined);

/**
 * The newest matching message of each chat in `chats`, read from the rows themselves: the way when
 * few messages match, as reading them costs less than visiting the chats one by one.
 */
async function newestMatchingRows(ids: Set<string>, chats: SessionRow[]): Promise<MessageRow[]> {
  const wanted = new Set(chats.map((chat) => chat.id));
  const rows = (await rowsOf(ids)).filter((row) => wanted.has(row.sessionId)).sort(newerMessageFirst);
  const newest = new Map<string, MessageRow>();
  for (const row of rows) if (!newest.has(row.sessionId)) newest.set(row.sessionId, row);
  return [...newest.values()];
}

interface ChatMatch {
  chat: SessionRow;
  messageId: string;
}

/**
 * Whether the matches found so far, visiting `chats` in shown order up to `next`, settle the first
 * `wanted`: they do once there are `wanted` and the next chat was updated before the `wanted`-th.
 */
function enoughFound(found: ChatMatch[], chats: SessionRow[], next: number, wanted: number): boolean {
  if (found.length < wanted) return false;
  return next >= chats.length || chats[next]!.updatedAt.localeCompare(found[wanted - 1]!.chat.updatedAt) < 0;
}

/**
 * The newest matching message of at least the first `wanted` chats of `chats` (shown order) that
 * have one, and of every chat updated at the same moment as the last of those (the messages' times,
 * read with the rows, order them). Chats are visited in batches that double, so a query found in
 * few chats does not cost a round trip per chat; once the matching messages not yet placed in a
 * visited chat are few enough, their rows are read instead.
 */
async function newestMatchPerChat(matching: Set<string>, chats: SessionRow[], wanted: number): Promise<MessageRow[]> {
  const found: ChatMatch[] = [];
  const unplaced = new Set(matching);
  let next = 0;
  let batchSize = wanted;
  while (next < chats.length && unplaced.size > 0 && !enoughFound(found, chats, next, wanted)) {
    const rest = chats.slice(next);
    if (unplaced.size <= ROWS_PER_CHAT_READ * Math.min(rest.length, batchSize)) {
      return [...(await rowsOf(found.map((match) => match.messageId))), ...(await newestMatchingRows(unplaced, rest))];
    }
    const batch = rest.slice(0, batchSize);
    const idsPerChat = await Promise.all(batch.map((chat) => messageIdsOf(chat.id)));
    batch.forEach((chat, index) => {
      const ids = idsPerChat[index]!;
      for (const id of ids) unplaced.delete(id);
      const newest = ids.findLast((id) => matching.has(id));
      if (newest !== undefined) found.push({ chat, messageId: newest });
    });
    next += batch.length;
    batchSize *= 2;
  }
  return rowsOf(found.map((match) => match.messageId));
}

/** Chats whose title does not match but one message does, in shown order, each with that message's snippet. */
async function chatsByMessage(terms: string[], chats: SessionRow[], wanted: number): Promise<HistoryHit[]> {
  if (wanted <= 0) return [];
  const matching = await messagesWithEvery(terms);
  if (matching.size === 0) return [];
  const byId = new Map(chats.map((chat) => [chat.id, chat]));
  const newest = await newestMatchPerChat(matching, chats, wanted);
  // Newest chat first; between chats updated at the same moment, the one with the newer match.
  newest.sort((a, b) => newestFirst(byId.get(a.sessionId)!, byId.get(b.sessionId)!) || newerMessageFirst(a, b));
  return newest.slice(0, wanted).map((row) => ({ session: byId.get(row.sessionId)!, snippet: snippetAround(row.content, terms), messageId: row.id }));
}

export async function searchSavedChats(spaceId: string, query: string, options: { slug?: string; limit?: number } = {}): Promise<HistoryHit[]> {
  const terms = searchTerms(query);
  if (terms.length === 0) return [];
  const limit = options.limit ?? 30;
  // One read transaction, so the chats, the index keys and the rows shown agree with each other. A
  // message is saved with its chat's space, so the space's chats scope the messages as well.
  return db.transaction('r', db.sessions, db.messages, async () => {
    const sessions = (await db.sessions.where('spaceId').equals(spaceId).toArray()).filter((session) => !options.slug || session.agentSlug === options.slug);
    // Title matches lead, as on the server; each group newest first.
    const byTitle = sessions.filter((session) => titleMatches(session.title, terms)).sort(newestFirst);
    const others = sessions.filter((session) => !titleMatches(session.title, terms)).sort(newestFirst);
    const titleHits = byTitle.slice(0, limit).map((session): HistoryHit => ({ session, snippet: session.title, messageId: null }));
    return [...titleHits, ...(await chatsByMessage(terms, others, limit - titleHits.length))];
  });
}
