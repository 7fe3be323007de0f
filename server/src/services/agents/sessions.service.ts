/** Reading chat sessions and messages; everything is scoped to the caller's space. */
import { and, asc, desc, eq, getTableColumns, gt, isNull, sql } from 'drizzle-orm';
import { buildChatTree, shownBranch } from '../../../../src/contract/chat-tree';
import type { DbExecutor } from '../../db/database';
import { agentRuns, chatMessages, chatSessions } from '../../db/schema/index';
import { MESSAGES_UNPAGED_MAX, POLL_MESSAGES_MAX } from '../../../../src/contract/agents';
import { AGENT_MESSAGES } from './messages';
import { pageOfMessages } from './message-pages';
import { notFound } from '../../errors';
import { toMessageDto, toRunDto, toSessionDto, type MessageDto, type RunDto, type SessionDto } from './serializers';

export async function listSessions(
  db: DbExecutor,
  spaceId: string,
  options: { slug?: string; limit: number; offset: number },
): Promise<SessionDto[]> {
  const rows = await db
    .select()
    .from(chatSessions)
    .where(and(eq(chatSessions.spaceId, spaceId), isNull(chatSessions.deletedAt), options.slug ? eq(chatSessions.agentSlug, options.slug) : undefined))
    .orderBy(desc(chatSessions.updatedAt), desc(chatSessions.id))
    .limit(options.limit)
    .offset(options.offset);
  return rows.map(toSessionDto);
}

/** The session if it belongs to the space and is not deleted; otherwise 404 (another space's session is not revealed). */
export async function requireSession(db: DbExecutor, spaceId: string, sessionId: string) {
  const [row] = await db
    .select()
    .from(chatSessions)
    .where(and(eq(chatSessions.id, sessionId), eq(chatSessions.spaceId, spaceId), isNull(chatSessions.deletedAt)));
  if (!row) throw notFound(AGENT_MESSAGES.sessionNotFound);
  return row;
}

// The stored search vector stays in the database: a 5,000-message chat would otherwise read it all.
const { contentTsv: _searchVector, ...messageColumns } = getTableColumns(chatMessages);

/**
 * The poll's news: the session's messages (all versions) created after `since`, oldest first, at most
 * POLL_MESSAGES_MAX (docs/scale.md). A poll with an old `since`, or none, on a long chat would
 * otherwise answer the whole chat; the client asks again at once from the last message it got
 * (reply-poller.ts), so a capped answer is read on. `since` is compared at millisecond precision,
 * so a capped answer never ends inside a millisecond: the messages of the first millisecond left out
 * are left out whole, and the next poll (since the last one given) gets them all.
 */
export async function listMessages(db: DbExecutor, sessionId: string, since?: Date): Promise<MessageDto[]> {
  const rows = await db
    .select(messageColumns)
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.sessionId, sessionId),
        // Compared at millisecond precision: the cursor is a JavaScript timestamp, the column has microseconds.
        since ? gt(sql`date_trunc('milliseconds', ${chatMessages.createdAt})`, since) : undefined,
      ),
    )
    .orderBy(asc(chatMessages.createdAt), asc(chatMessages.id))
    .limit(POLL_MESSAGES_MAX + 1);
  const messages = rows.map(toMessageDto);
  if (messages.length <= POLL_MESSAGES_MAX) return messages;
  const firstLeftOut = messages[POLL_MESSAGES_MAX]!.created_at;
  const whole = messages.slice(0, POLL_MESSAGES_MAX).filter((message) => message.created_at !== firstLeftOut);
  // More than POLL_MESSAGES_MAX messages in one millisecond cannot be split this way: the cap wins.
  return whole.length > 0 ? whole : messages.slice(0, POLL_MESSAGES_MAX);
}

/**
 * What GET …/messages lists: `current` (the default, what a client that knows nothing of versions
 * shows) is the branch ending at the newest message; `all` is every version, for a client that
 * keeps the tree (each message names its parent).
 */
export type MessageVersions = 'current' | 'all';

/** The branch a spec client (and a shared chat's reader) sees: the one ending at the newest message. */
export function currentBranch(messages: MessageDto[]): MessageDto[] {
  const tree = buildChatTree(messages.map((message) => ({ message, id: message.id, parentId: message.parent_id ?? null, createdAt: message.created_at })));
  return shownBranch(tree).map((node) => node.message);
}

/** The session's most recent run (the one a poll reports on). */
export async function latestRun(db: DbExecutor, sessionId: string): Promise<RunDto | null> {
  const [row] = await db
    .select()
    .from(agentRuns)
    .where(eq(agentRuns.sessionId, sessionId))
    .orderBy(desc(agentRuns.createdAt))
    .limit(1);
  return row ? toRunDto(row) : null;
}

/**
 * GET …/messages: with `limit`, a page (message-pages.ts); without, the whole chat as before, up to
 * its newest MESSAGES_UNPAGED_MAX messages (`has_more` then says that older ones were left out).
 */
export async function getSessionWithMessages(
  db: DbExecutor,
  spaceId: string,
  sessionId: string,
  query: { versions?: MessageVersions; limit?: number; before?: string } = {},
) {
  const versions = query.versions ?? 'current';
  const session = await requireSession(db, spaceId, sessionId);
  if (query.limit !== undefined) {
    const [page, run] = await Promise.all([pageOfMessages(db, session.id, { versions, limit: query.limit, before: query.before }), latestRun(db, session.id)]);
    return { session: toSessionDto(session), messages: page.messages, run, has_more: page.has_more };
  }
  const [newest, run] = await Promise.all([pageOfMessages(db, session.id, { versions: 'all', limit: MESSAGES_UNPAGED_MAX }), latestRun(db, session.id)]);
  const messages = versions === 'all' ? newest.messages : currentBranch(newest.messages);
  return { session: toSessionDto(session), messages, run, ...(newest.has_more ? { has_more: true } : {}) };
}
