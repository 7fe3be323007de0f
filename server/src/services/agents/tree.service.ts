/**
 * The conversation tree on the server (docs/agents.md "Versions and edits", src/contract/chat-tree.ts):
 * where a new message goes, and which messages are the branch a run answers.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/database';
import { chatMessages } from '../../db/schema/index';
import { AppError, conflict, notFound } from '../../errors';
import { AGENT_MESSAGES } from './messages';
import type { RunRow } from './runs.service';

/** The newest message of a chat (what a send that names no parent follows), or null for an empty chat. */
export async function newestMessageId(db: DbExecutor, sessionId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: chatMessages.id })
    .from(chatMessages)
    .where(eq(chatMessages.sessionId, sessionId))
    .orderBy(desc(chatMessages.createdAt), desc(chatMessages.id))
    .limit(1);
  return row?.id ?? null;
}

/** A message of this chat; another chat's in the space is refused by name, another space's is not revealed (404). */
async function messageOfSession(db: DbExecutor, spaceId: string, sessionId: string, messageId: string) {
  const [row] = await db
    .select({ id: chatMessages.id, sessionId: chatMessages.sessionId, role: chatMessages.role, parentId: chatMessages.parentId })
    .from(chatMessages)
    .where(and(eq(chatMessages.id, messageId), eq(chatMessages.spaceId, spaceId)));
  if (!row) throw notFound(AGENT_MESSAGES.messageNotFound);
  if (row.sessionId !== sessionId) throw new AppError(422, AGENT_MESSAGES.messageOfOtherSession, 'VALIDATION_ERROR');
  return row;
}

/**
 * The message a new user message follows: the one named, else (an edit) what the edited message
 * followed, else the chat's newest message. Call with the session row locked. An edit of a message
 * whose reply is still being written is refused: the new version would race the old one's reply.
 */
export async function parentForNewMessage(
  db: DbExecutor,
  input: { spaceId: string; sessionId: string; parentMessageId: string | null | undefined; editsMessageId: string | undefined; openRun: RunRow | null },
): Promise<string | null> {
  if (input.editsMessageId) {
    const edited = await messageOfSession(db, input.spaceId, input.sessionId, input.editsMessageId);
    if (edited.role !== 'user') throw new AppError(422, AGENT_MESSAGES.onlyQuestionsEdited, 'VALIDATION_ERROR');
    if (input.openRun?.userMessageId === edited.id) throw conflict(AGENT_MESSAGES.editWhileAnswering);
    return edited.parentId;
  }
  if (input.parentMessageId) return (await messageOfSession(db, input.spaceId, input.sessionId, input.parentMessageId)).id;
  // null means "the start of the chat" only when said explicitly; absent means "continue the chat".
  if (input.parentMessageId === null) return null;
  return newestMessageId(db, input.sessionId);
}

/** The deepest branch a run looks back: the prompt keeps the last 20 turns, the offline engine the question before. */
const BRANCH_DEPTH = 64;

/** The branch ending at `messageId` (itself included), first message first: what the model is given. */
export async function branchEndingAt(db: DbExecutor, run: Pick<RunRow, 'sessionId' | 'userMessageId'>) {
  const result = await db.execute(sql`
    with recursive branch(id, parent_id, role, content, depth) as (
      select id, parent_id, role, content, 0 from chat_messages where id = ${run.userMessageId} and session_id = ${run.sessionId}
      union all
      select m.id, m.parent_id, m.role, m.content, b.depth + 1
        from chat_messages m join branch b on m.id = b.parent_id
       where b.depth < ${BRANCH_DEPTH}
    )
    select id, role, content from branch order by depth desc
  `);
  return (result as unknown as { rows: { id: string; role: 'user' | 'assistant'; content: string }[] }).rows;
}
