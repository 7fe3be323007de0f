/**
 * A page of a chat's messages (GET …/messages?limit=&before=; docs/agents.md): the newest `limit`
 * messages before a cursor, read with the cursor in SQL, so opening a 5,000-message chat reads a
 * page, not the chat (docs/scale.md). `all` pages every version by time (created_at, id); `current`
 * pages the branch ending at the chat's newest message, walking up the parents from the cursor.
 */
import { and, asc, desc, eq, getTableColumns, inArray, lt, or, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/database';
import { chatMessages } from '../../db/schema/index';
import { notFound } from '../../errors';
import { AGENT_MESSAGES } from './messages';
import { toMessageDto, type MessageDto } from './serializers';
import { newestMessageId } from './tree.service';

export interface MessagePage {
  messages: MessageDto[];
  has_more: boolean;
}

// The stored search vector stays in the database (as in sessions.service.ts).
const { contentTsv: _searchVector, ...messageColumns } = getTableColumns(chatMessages);

async function cursorMessage(db: DbExecutor, sessionId: string, messageId: string) {
  const [row] = await db
    .select({ id: chatMessages.id, parentId: chatMessages.parentId, createdAt: chatMessages.createdAt })
    .from(chatMessages)
    .where(and(eq(chatMessages.id, messageId), eq(chatMessages.sessionId, sessionId)));
  if (!row) throw notFound(AGENT_MESSAGES.messageNotFound);
  return row;
}

/** Every version, newest `limit` before the cursor (one index range read), answered oldest first. */
async function pageOfAllVersions(db: DbExecutor, sessionId: string, limit: number, before: string | undefined): Promise<MessagePage> {
  const cursor = before ? await cursorMessage(db, sessionId, before) : undefined;
  const rows = await db
    .select(messageColumns)
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.sessionId, sessionId),
        cursor
          ? or(lt(chatMessages.createdAt, cursor.createdAt), and(eq(chatMessages.createdAt, cursor.createdAt), lt(chatMessages.id, cursor.id)))
          : undefined,
      ),
    )
    .orderBy(desc(chatMessages.createdAt), desc(chatMessages.id))
    .limit(limit + 1);
  return { messages: rows.slice(0, limit).reverse().map(toMessageDto), has_more: rows.length > limit };
}

/** The shown branch, `limit` messages up from the cursor's parent (or from the newest message). */
async function pageOfBranch(db: DbExecutor, sessionId: string, limit: number, before: string | undefined): Promise<MessagePage> {
  const start = before ? (await cursorMessage(db, sessionId, before)).parentId : await newestMessageId(db, sessionId);
  if (!start) return { messages: [], has_more: false };
  // Ids up the parents, one primary-key read each; one more than the page says whether more come before.
  const result = await db.execute(sql`
    with recursive branch(id, parent_id, depth) as (
      select id, parent_id, 0 from chat_messages where id = ${start} and session_id = ${sessionId}
      union all
      select m.id, m.parent_id, b.depth + 1 from chat_messages m join branch b on m.id = b.parent_id where b.depth < ${limit}
    )
    select id from branch order by depth`);
  const ids = (result as unknown as { rows: { id: string }[] }).rows.map((row) => row.id);
  const pageIds = ids.slice(0, limit);
  const rows = await db
    .select(messageColumns)
    .from(chatMessages)
    .where(and(eq(chatMessages.sessionId, sessionId), inArray(chatMessages.id, pageIds)))
    .orderBy(asc(chatMessages.createdAt), asc(chatMessages.id));
  return { messages: rows.map(toMessageDto), has_more: ids.length > limit };
}

export function pageOfMessages(
  db: DbExecutor,
  sessionId: string,
  page: { versions: 'current' | 'all'; limit: number; before?: string },
): Promise<MessagePage> {
  return page.versions === 'all' ? pageOfAllVersions(db, sessionId, page.limit, page.before) : pageOfBranch(db, sessionId, page.limit, page.before);
}
