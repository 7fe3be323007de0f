/**
 * Read-only share links of chats (docs/agents.md "Share links"; rules in src/contract/chat-shares.ts).
 * The token is 32 random bytes; only its SHA-256 is stored. A link shows the visible messages up
 * to its creation (a snapshot: what the person saw when they shared it), and nothing else.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, count, desc, eq, isNull, lte, sql } from 'drizzle-orm';
import { agentLabel } from '../../../../src/contract/agent-names';
import { MESSAGES_UNPAGED_MAX } from '../../../../src/contract/agents';
import {
  SHARE_LINKS_PER_CHAT_MAX,
  SHARE_TEXTS,
  SHARE_TOKEN_PATTERN,
  shareChatBlockedReason,
  sharePath,
  type CreatedShareLinkDto,
  type ShareLinkDto,
  type SharedChatDto,
} from '../../../../src/contract/chat-shares';
import type { Db, DbExecutor } from '../../db/database';
import { chatMessages, chatSessions, chatShareLinks, spaces, users, type ChatShareLinkRow } from '../../db/schema/index';
import { conflict, forbidden, notFound } from '../../errors';
import { currentBranch, requireSession } from './sessions.service';
import { toMessageDto } from './serializers';
import { recordChatAudit, type ChatActor } from './chat-audit';

export type ShareActor = ChatActor;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * A link opens its chat only while the link is not revoked, the chat not deleted and its space
 * neither archived nor deleted: an archived space is closed to its own members, so its chats are
 * not left open to anyone holding a link. Restoring the space (or undoing the chat's delete)
 * brings its links back.
 */
const liveShare = (token: string) =>
  and(
    eq(chatShareLinks.tokenHash, hashToken(token)),
    isNull(chatShareLinks.revokedAt),
    isNull(chatSessions.deletedAt),
    isNull(spaces.archivedAt),
    isNull(spaces.deletedAt),
  );

function toLinkDto(row: ChatShareLinkRow, createdByName: string | null): ShareLinkDto {
  return {
    id: row.id,
    hint: row.tokenHint,
    created_at: row.createdAt.toISOString(),
    created_by_name: createdByName,
    view_count: row.viewCount,
    last_viewed_at: row.lastViewedAt?.toISOString() ?? null,
  };
}

/** The chat's active links, newest first. */
export async function listShareLinks(db: DbExecutor, spaceId: string, sessionId: string): Promise<ShareLinkDto[]> {
  const session = await requireSession(db, spaceId, sessionId);
  const rows = await db
    .select({ link: chatShareLinks, name: users.name })
    .from(chatShareLinks)
    .leftJoin(users, eq(users.id, chatShareLinks.createdBy))
    .where(and(eq(chatShareLinks.sessionId, session.id), isNull(chatShareLinks.revokedAt)))
    .orderBy(desc(chatShareLinks.createdAt));
  return rows.map(({ link, name }) => toLinkDto(link, name));
}

export async function createShareLink(db: Db, actor: ShareActor, spaceId: string, sessionId: string): Promise<CreatedShareLinkDto> {
  return db.transaction(async (tx) => {
    const session = await requireSession(tx, spaceId, sessionId);
    const blocked = shareChatBlockedReason({ id: actor.userId, role: actor.role }, session.userId);
    if (blocked) throw forbidden(blocked);
    // Serialises concurrent creations for one chat, so the limit holds.
    await tx.execute(sql`SELECT id FROM chat_sessions WHERE id = ${session.id} FOR UPDATE`);
    const [active] = await tx
      .select({ value: count() })
      .from(chatShareLinks)
      .where(and(eq(chatShareLinks.sessionId, session.id), isNull(chatShareLinks.revokedAt)));
    if ((active?.value ?? 0) >= SHARE_LINKS_PER_CHAT_MAX) throw conflict(SHARE_TEXTS.tooMany);
    const token = randomBytes(32).toString('base64url');
    const [row] = await tx
      .insert(chatShareLinks)
      .values({ orgId: session.orgId, spaceId: session.spaceId, sessionId: session.id, tokenHash: hashToken(token), tokenHint: token.slice(-4), createdBy: actor.userId })
      .returning();
    await recordChatAudit(tx, actor, 'chats.shared', session.id, { share_link_id: row!.id });
    const [creator] = await tx.select({ name: users.name }).from(users).where(eq(users.id, actor.userId));
    return { link: toLinkDto(row!, creator?.name ?? null), path: sharePath(token) };
  });
}

/** Revokes one active link: the chat's starter, owners and admins (as for sharing), or whoever made it. */
export async function revokeShareLink(db: Db, actor: ShareActor, spaceId: string, sessionId: string, linkId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const session = await requireSession(tx, spaceId, sessionId);
    const [link] = await tx
      .select()
      .from(chatShareLinks)
      .where(and(eq(chatShareLinks.id, linkId), eq(chatShareLinks.sessionId, session.id), isNull(chatShareLinks.revokedAt)));
    if (!link) throw notFound(SHARE_TEXTS.linkNotFound);
    const blocked = link.createdBy === actor.userId ? null : shareChatBlockedReason({ id: actor.userId, role: actor.role }, session.userId);
    if (blocked) throw forbidden(blocked);
    await tx.update(chatShareLinks).set({ revokedAt: sql`now()`, revokedBy: actor.userId }).where(eq(chatShareLinks.id, link.id));
    await recordChatAudit(tx, actor, 'chats.share_revoked', session.id, { share_link_id: link.id });
  });
}

/**
 * The shared chat behind a token, or 404 for a malformed, unknown or revoked token, a chat deleted
 * meanwhile and a chat whose space was archived or deleted (all the same answer). Counts the view.
 */
export async function viewSharedChat(db: DbExecutor, token: string): Promise<SharedChatDto> {
  if (!SHARE_TOKEN_PATTERN.test(token)) throw notFound(SHARE_TEXTS.notFound);
  const [found] = await db
    .select({ link: chatShareLinks, session: chatSessions })
    .from(chatShareLinks)
    .innerJoin(chatSessions, eq(chatSessions.id, chatShareLinks.sessionId))
    .innerJoin(spaces, eq(spaces.id, chatSessions.spaceId))
    .where(liveShare(token));
  if (!found) throw notFound(SHARE_TEXTS.notFound);
  const { link, session } = found;
  // The newest MESSAGES_UNPAGED_MAX, as GET …/messages without a page: no answer is unbounded (docs/scale.md).
  const newestFirst = await db
    .select()
    .from(chatMessages)
    .where(and(eq(chatMessages.sessionId, session.id), lte(chatMessages.createdAt, link.createdAt)))
    .orderBy(desc(chatMessages.createdAt), desc(chatMessages.id))
    .limit(MESSAGES_UNPAGED_MAX);
  const rows = newestFirst.reverse();
  await db
    .update(chatShareLinks)
    .set({ viewCount: sql`${chatShareLinks.viewCount} + 1`, lastViewedAt: sql`now()` })
    .where(eq(chatShareLinks.id, link.id));
  return {
    title: session.title,
    agent_slug: session.agentSlug,
    agent_name: agentLabel(session.agentSlug),
    shared_at: link.createdAt.toISOString(),
    // The conversation as it stood when shared: its newest branch, without the other versions.
    messages: currentBranch(rows.map(toMessageDto)).map((message) => ({
      role: message.role,
      content: message.content,
      created_at: message.created_at,
      // The words and the file's name; no ids of the organisation's documents.
      citations: (message.citations ?? []).map(({ n, filename, excerpt, cited }) => ({ n, filename, excerpt, cited })),
    })),
  };
}

/** Whether a share page path's token opens a chat (the page answers 404 otherwise). */
export async function isLiveShareToken(db: DbExecutor, token: string): Promise<boolean> {
  if (!SHARE_TOKEN_PATTERN.test(token)) return false;
  const [row] = await db
    .select({ id: chatShareLinks.id })
    .from(chatShareLinks)
    .innerJoin(chatSessions, eq(chatSessions.id, chatShareLinks.sessionId))
    .innerJoin(spaces, eq(spaces.id, chatSessions.spaceId))
    .where(liveShare(token));
  return Boolean(row);
}
