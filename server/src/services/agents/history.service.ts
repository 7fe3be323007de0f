/**
 * The space's chat history (docs/agents.md "History"): every chat of every agent, pinned first then
 * newest activity first; rename, pin, delete with an undo window, restore. Everything is scoped to
 * the caller's space; another space's chat is a 404 (nothing revealed).
 */
import { and, desc, eq, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Db, DbExecutor } from '../../db/database';
import { chatSessions } from '../../db/schema/index';
import { AppError, conflict, forbidden, notFound } from '../../errors';
import {
  CHAT_RESTORE_WINDOW_MS,
  HISTORY_TEXTS,
  manageChatBlockedReason,
  type DeletedSession,
  type HistoryPage,
  type HistorySessionDto,
} from '../../../../src/contract/chat-history';
import { AGENT_MESSAGES } from './messages';
import { openRunOf } from './runs.service';
import { recordChatAudit, type ChatActor } from './chat-audit';

export type HistoryActor = ChatActor;

/** The session columns the history answers with (not the stored search vector). */
export const historyColumns = {
  id: chatSessions.id,
  title: chatSessions.title,
  agentSlug: chatSessions.agentSlug,
  userId: chatSessions.userId,
  createdAt: chatSessions.createdAt,
  updatedAt: chatSessions.updatedAt,
  pinnedAt: chatSessions.pinnedAt,
};

export type HistoryRow = { id: string; title: string; agentSlug: string; userId: string | null; createdAt: Date; updatedAt: Date; pinnedAt: Date | null };

export function toHistoryDto(row: HistoryRow): HistorySessionDto {
  return {
    id: row.id,
    title: row.title,
    agent_slug: row.agentSlug,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    pinned: row.pinnedAt !== null,
    started_by: row.userId,
  };
}

/**
 * Removes for good the space's chats deleted longer ago than the undo window. There is no
 * scheduler for this: it runs with the history's reads and deletes, which is when it matters.
 */
export async function purgeExpiredDeletions(db: DbExecutor, spaceId: string, now = new Date()): Promise<void> {
  const cutoff = new Date(now.getTime() - CHAT_RESTORE_WINDOW_MS);
  await db.delete(chatSessions).where(and(eq(chatSessions.spaceId, spaceId), isNotNull(chatSessions.deletedAt), lt(chatSessions.deletedAt, cutoff)));
}

export async function listHistory(db: DbExecutor, spaceId: string, options: { slug?: string; limit: number; offset: number }): Promise<HistoryPage> {
  await purgeExpiredDeletions(db, spaceId);
  const rows = await db
    .select(historyColumns)
    .from(chatSessions)
    .where(and(eq(chatSessions.spaceId, spaceId), isNull(chatSessions.deletedAt), options.slug ? eq(chatSessions.agentSlug, options.slug) : undefined))
    // Pinned chats lead whatever page they would fall on, so the rail's Pinned group is complete from page one.
    .orderBy(sql`${chatSessions.pinnedAt} desc nulls last`, desc(chatSessions.updatedAt), desc(chatSessions.id))
    .limit(options.limit + 1)
    .offset(options.offset);
  return { sessions: rows.slice(0, options.limit).map(toHistoryDto), has_more: rows.length > options.limit };
}

/** A live (not deleted) chat of the space, locked for the change about to be made. */
async function requireLiveSession(db: DbExecutor, spaceId: string, sessionId: string): Promise<HistoryRow> {
  const [row] = await db
    .select(historyColumns)
    .from(chatSessions)
    .where(and(eq(chatSessions.id, sessionId), eq(chatSessions.spaceId, spaceId), isNull(chatSessions.deletedAt)))
    .for('update');
  if (!row) throw notFound(AGENT_MESSAGES.sessionNotFound);
  return row;
}

function requireMayManage(actor: HistoryActor, row: HistoryRow): void {
  const reason = manageChatBlockedReason({ id: actor.userId, role: actor.role }, row.userId);
  if (reason) throw forbidden(reason);
}

/** Renames and/or pins a chat. Renaming is the starter's or a manager's; anyone in the space may pin. */
export async function changeSession(
  db: Db,
  actor: HistoryActor,
  spaceId: string,
  sessionId: string,
  change: { title?: string; pinned?: boolean },
): Promise<HistorySessionDto> {
  return db.transaction(async (tx) => {
    const row = await requireLiveSession(tx, spaceId, sessionId);
    if (change.title !== undefined && change.title !== row.title) requireMayManage(actor, row);
    const set: Partial<typeof chatSessions.$inferInsert> = {};
    if (change.title !== undefined) set.title = change.title;
    // Pinning again keeps the original pin time, so re-pinning does not reorder the pinned group.
    if (change.pinned !== undefined && change.pinned !== (row.pinnedAt !== null)) set.pinnedAt = change.pinned ? new Date() : null;
    if (Object.keys(set).length === 0) return toHistoryDto(row);
    const [updated] = await tx.update(chatSessions).set(set).where(eq(chatSessions.id, row.id)).returning(historyColumns);
    return toHistoryDto(updated!);
  });
}

/** Hides a chat at once; it can be restored within the undo window, then it is removed for good. */
export async function deleteSession(db: Db, actor: HistoryActor, spaceId: string, sessionId: string): Promise<DeletedSession> {
  return db.transaction(async (tx) => {
    await purgeExpiredDeletions(tx, spaceId);
    const row = await requireLiveSession(tx, spaceId, sessionId);
    requireMayManage(actor, row);
    // A run still writing would store its reply into a chat nobody can see (and charge for it).
    if (await openRunOf(tx, row.id)) throw conflict(HISTORY_TEXTS.deleteWhileAnswering);
    const deletedAt = new Date();
    await tx.update(chatSessions).set({ deletedAt }).where(eq(chatSessions.id, row.id));
    await recordChatAudit(tx, actor, 'chats.deleted', row.id, { agent_slug: row.agentSlug });
    return {
      id: row.id,
      deleted_at: deletedAt.toISOString(),
      restorable_until: new Date(deletedAt.getTime() + CHAT_RESTORE_WINDOW_MS).toISOString(),
    };
  });
}

/** Brings back a chat deleted within the undo window (the same people who may delete it). */
export async function restoreSession(db: Db, actor: HistoryActor, spaceId: string, sessionId: string): Promise<HistorySessionDto> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ ...historyColumns, deletedAt: chatSessions.deletedAt })
      .from(chatSessions)
      .where(and(eq(chatSessions.id, sessionId), eq(chatSessions.spaceId, spaceId), isNotNull(chatSessions.deletedAt)))
      .for('update');
    if (!row) throw notFound(AGENT_MESSAGES.sessionNotFound);
    requireMayManage(actor, row);
    if (Date.now() - row.deletedAt!.getTime() > CHAT_RESTORE_WINDOW_MS) throw new AppError(410, HISTORY_TEXTS.notRestorable, 'GONE');
    const [restored] = await tx.update(chatSessions).set({ deletedAt: null }).where(eq(chatSessions.id, row.id)).returning(historyColumns);
    await recordChatAudit(tx, actor, 'chats.restored', row.id);
    return toHistoryDto(restored!);
  });
}
