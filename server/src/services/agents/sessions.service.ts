/** Reading chat sessions and messages; everything is scoped to the caller's space. */
import { and, asc, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/database';
import { agentRuns, chatMessages, chatSessions } from '../../db/schema/index';
import { AGENT_MESSAGES } from './messages';
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
    .where(and(eq(chatSessions.spaceId, spaceId), options.slug ? eq(chatSessions.agentSlug, options.slug) : undefined))
    .orderBy(desc(chatSessions.updatedAt), desc(chatSessions.id))
    .limit(options.limit)
    .offset(options.offset);
  return rows.map(toSessionDto);
}

/** The session if it belongs to the space; otherwise 404 (another space's session is not revealed). */
export async function requireSession(db: DbExecutor, spaceId: string, sessionId: string) {
  const [row] = await db
    .select()
    .from(chatSessions)
    .where(and(eq(chatSessions.id, sessionId), eq(chatSessions.spaceId, spaceId)));
  if (!row) throw notFound(AGENT_MESSAGES.sessionNotFound);
  return row;
}

/** Visible messages (replaced replies hidden), oldest first; `since` keeps those created after it. */
export async function listMessages(db: DbExecutor, sessionId: string, since?: Date): Promise<MessageDto[]> {
  const rows = await db
    .select()
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.sessionId, sessionId),
        isNull(chatMessages.supersededBy),
        // Compared at millisecond precision: the cursor is a JavaScript timestamp, the column has microseconds.
        since ? gt(sql`date_trunc('milliseconds', ${chatMessages.createdAt})`, since) : undefined,
      ),
    )
    .orderBy(asc(chatMessages.createdAt), asc(chatMessages.id));
  return rows.map(toMessageDto);
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

export async function getSessionWithMessages(db: DbExecutor, spaceId: string, sessionId: string) {
  const session = await requireSession(db, spaceId, sessionId);
  const [messages, run] = await Promise.all([listMessages(db, session.id), latestRun(db, session.id)]);
  return { session: toSessionDto(session), messages, run };
}
