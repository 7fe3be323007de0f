/**
 * Accepting a message (spec 001 §4 "Chat send", §5 cost): in one database transaction the session
 * is created if needed, the user message stored where it belongs in the conversation tree (after
 * the message it follows, or as a new version of the message it edits), the chat charged (plan and
 * balance checked by the billing service) and a run queued. A refused charge (402) rolls everything
 * back: nothing is stored and nothing is charged.
 *
 * A send may carry an Idempotency-Key (the offline outbox sends one per queued message): the key is
 * stored on the user message, unique per space, so the same send repeated (its answer was lost, the
 * device retried) answers with what the first one stored and charges nothing more. Two racing
 * requests with one key: the unique index makes the loser roll back, and it answers with the winner's.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { AgentDefinition } from '../../agents/types';
import type { Db, DbExecutor } from '../../db/database';
import { agentRuns, chatMessages, chatSessions, type AgentRunRequest } from '../../db/schema/index';
import { conflict, AppError } from '../../errors';
import { isUniqueViolation } from '../../db/errors';
import { findTransaction, remainingCredits } from '../billing/ledger';
import type { RunStatus } from '../../../../src/contract/agents';
import { chargeChat } from '../billing/chat-billing';
import { K_BY_MODE, type ChatMode } from '../../../../src/contract/chat';
import { AGENT_MESSAGES } from './messages';
import { openRunOf } from './runs.service';
import { requireSession } from './sessions.service';
import { sessionTitle } from './titles';
import { parentForNewMessage } from './tree.service';

export interface SendInput {
  orgId: string;
  spaceId: string;
  userId: string;
  agent: AgentDefinition;
  sessionId: string | null;
  message: string;
  mode: ChatMode;
  referencedDocumentIds: string[];
  brandDocumentIds: string[];
  brandVoice: string | null;
  kRefDocs: number | null;
  kKnowledge: number | null;
  /** The message this one follows; undefined → the chat's newest message (null: the chat's start). */
  parentMessageId?: string | null | undefined;
  /** A new version of this user message (an edit). */
  editsMessageId?: string | undefined;
  /** The sender's Idempotency-Key, if any. */
  idempotencyKey?: string | undefined;
  /** Creative assets attached to the message (already checked to be the space's). */
  assetIds?: string[];
}

export interface Accepted {
  sessionId: string;
  sessionTitle: string;
  userMessageId: string;
  userMessageCreatedAt: Date;
  parentId: string | null;
  runId: string;
  runStatus: RunStatus;
  mode: ChatMode;
  credits: number;
  creditsRemaining: number;
  transactionId: string;
  /** A repeat of an earlier send with the same Idempotency-Key: nothing new was stored or charged. */
  replayed: boolean;
}

/** The chat charge's idempotency key: the client's later deduct call with it charges nothing more. */
export const chatIdempotencyKey = (userMessageId: string) => `chat_message:${userMessageId}`;

export async function acceptMessage(db: Db, input: SendInput): Promise<Accepted> {
  const key = input.idempotencyKey;
  // A send into an existing chat is looked up inside the transaction, once its session is locked
  // (acceptNew); looking it up here as well cost every such send one more query before its reply.
  if (key && !input.sessionId) {
    const seen = await acceptedBefore(db, input.spaceId, key);
    if (seen) return seen;
  }
  try {
    return await acceptNew(db, input);
  } catch (error) {
    const seen = key && isUniqueViolation(error, 'chat_messages_space_idempotency_key_unique') ? await acceptedBefore(db, input.spaceId, key) : null;
    if (seen) return seen;
    throw error;
  }
}

/** What an earlier send with this key stored, answered again (its session must still be there). */
async function acceptedBefore(db: DbExecutor, spaceId: string, key: string): Promise<Accepted | null> {
  const [row] = await db
    .select({ message: { id: chatMessages.id, sessionId: chatMessages.sessionId, createdAt: chatMessages.createdAt, parentId: chatMessages.parentId }, run: agentRuns })
    .from(chatMessages)
    .innerJoin(agentRuns, eq(agentRuns.userMessageId, chatMessages.id))
    .where(and(eq(chatMessages.spaceId, spaceId), eq(chatMessages.idempotencyKey, key)))
    .orderBy(asc(agentRuns.createdAt))
    .limit(1);
  if (!row) return null;
  const session = await requireSession(db, spaceId, row.message.sessionId);
  const debit = row.run.transactionId ? await findTransaction(db, row.run.transactionId) : undefined;
  return {
    sessionId: session.id,
    sessionTitle: session.title,
    userMessageId: row.message.id,
    userMessageCreatedAt: row.message.createdAt,
    parentId: row.message.parentId,
    runId: row.run.id,
    runStatus: row.run.status,
    mode: row.run.mode,
    credits: debit?.credits ?? 0,
    creditsRemaining: await remainingCredits(db, session.orgId),
    transactionId: row.run.transactionId ?? '',
    replayed: true,
  };
}

async function acceptNew(db: Db, input: SendInput): Promise<Accepted> {
  return db.transaction(async (tx) => {
    let session;
    let parentId: string | null = null;
    if (input.sessionId) {
      session = await requireSession(tx, input.spaceId, input.sessionId);
      if (session.agentSlug !== input.agent.slug) throw new AppError(409, AGENT_MESSAGES.sessionOfOtherAgent, 'CONFLICT');
      // Lock the session row so two sends racing into one session cannot both pass the check.
      await tx.execute(sql`select id from chat_sessions where id = ${session.id} for update`);
      // The same send arriving twice at once: the second waited for the lock, and the first has committed by now.
      const seen = input.idempotencyKey ? await acceptedBefore(tx, input.spaceId, input.idempotencyKey) : null;
      if (seen) return seen;
      const openRun = await openRunOf(tx, session.id);
      // An edit of the message being answered gets its own reason; any other send waits for the reply.
      parentId = await parentForNewMessage(tx, { spaceId: input.spaceId, sessionId: session.id, parentMessageId: input.parentMessageId, editsMessageId: input.editsMessageId, openRun });
      if (openRun) throw conflict(AGENT_MESSAGES.sessionBusy);
    } else {
      [session] = await tx
        .insert(chatSessions)
        .values({
          orgId: input.orgId,
          spaceId: input.spaceId,
          userId: input.userId,
          agentSlug: input.agent.slug,
          title: sessionTitle(input.message),
        })
        .returning();
    }
    const [userMessage] = await tx
      .insert(chatMessages)
      .values({ sessionId: session!.id, spaceId: input.spaceId, role: 'user', content: input.message, parentId, idempotencyKey: input.idempotencyKey ?? null })
      .returning();
    const charge = await chargeChat(tx, {
      orgId: input.orgId,
      spaceId: input.spaceId,
      userId: input.userId,
      agentSlug: input.agent.slug,
      agentName: input.agent.name,
      mode: input.mode,
      sessionId: session!.id,
      messageId: userMessage!.id,
      activity: input.message,
      idempotencyKey: chatIdempotencyKey(userMessage!.id),
    });
    const request: AgentRunRequest = {
      referencedDocumentIds: input.referencedDocumentIds,
      brandDocumentIds: input.brandDocumentIds,
      brandVoice: input.brandVoice,
      kRefDocs: input.kRefDocs ?? K_BY_MODE[input.mode],
      kKnowledge: input.kKnowledge ?? K_BY_MODE[input.mode],
      variant: 0,
      ...(input.assetIds && input.assetIds.length > 0 ? { assetIds: input.assetIds } : {}),
    };
    const [run] = await tx
      .insert(agentRuns)
      .values({
        orgId: input.orgId,
        spaceId: input.spaceId,
        sessionId: session!.id,
        userId: input.userId,
        agentSlug: input.agent.slug,
        userMessageId: userMessage!.id,
        mode: input.mode,
        request,
        transactionId: charge.transactionId,
      })
      .returning();
    await tx.update(chatSessions).set({ updatedAt: sql`now()` }).where(eq(chatSessions.id, session!.id));
    return {
      sessionId: session!.id,
      sessionTitle: session!.title,
      userMessageId: userMessage!.id,
      userMessageCreatedAt: userMessage!.createdAt,
      parentId,
      runId: run!.id,
      runStatus: run!.status,
      mode: input.mode,
      credits: charge.credits,
      creditsRemaining: charge.creditsRemaining,
      transactionId: charge.transactionId,
      replayed: false,
    };
  });
}
