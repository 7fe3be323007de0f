/**
 * Regenerating a reply (spec 001 §7): a new run answers the same question again, and its reply
 * becomes a new version beside the earlier ones (same parent: the question), which all stay
 * (docs/agents.md "Versions and edits"). Any reply of the chat can be regenerated, not only the
 * latest: the new version starts a branch of its own. It is charged like a message in the original
 * mode, under its own key, and refunded if the run fails or is cancelled before it writes anything.
 */
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { findAgent } from '../../agents/index';
import type { Db } from '../../db/database';
import { agentRuns, chatMessages, chatSessions } from '../../db/schema/index';
import { AppError, conflict, notFound } from '../../errors';
import { chargeChat } from '../billing/chat-billing';
import type { ChatMode } from '../../../../src/contract/chat';
import { requireMessageInSpace } from './feedback.service';
import { AGENT_MESSAGES } from './messages';
import { openRunOf } from './runs.service';
import { requireSession } from './sessions.service';

export interface AcceptedRegeneration {
  runId: string;
  sessionId: string;
  /** The question answered again (the new reply's parent). */
  userMessageId: string;
  replacesMessageId: string;
  mode: ChatMode;
  createdAt: Date;
  credits: number;
  creditsRemaining: number;
  transactionId: string;
}

/** The charge's idempotency key: one charge per regeneration run. */
export const regenerateIdempotencyKey = (runId: string) => `chat_regenerate:${runId}`;

export async function acceptRegeneration(
  db: Db,
  input: { orgId: string; spaceId: string; userId: string; messageId: string },
): Promise<AcceptedRegeneration> {
  return db.transaction(async (tx) => {
    const reply = await requireMessageInSpace(tx, input.spaceId, input.messageId);
    if (reply.role !== 'assistant') throw new AppError(422, AGENT_MESSAGES.onlyRepliesRegenerated, 'VALIDATION_ERROR');
    // A deleted chat answers as an unknown one (docs/agents.md "History").
    await requireSession(tx, input.spaceId, reply.sessionId);
    await tx.execute(sql`select id from chat_sessions where id = ${reply.sessionId} for update`);
    if (await openRunOf(tx, reply.sessionId)) throw conflict(AGENT_MESSAGES.sessionBusy);
    // The run that wrote the reply; a reply without one (imported, or its run gone) is answered like the last run of its question.
    const [original] = await tx
      .select()
      .from(agentRuns)
      .where(reply.runId ? eq(agentRuns.id, reply.runId) : and(eq(agentRuns.sessionId, reply.sessionId), eq(agentRuns.userMessageId, reply.parentId ?? '')))
      .orderBy(desc(agentRuns.createdAt))
      .limit(1);
    if (!original) throw notFound(AGENT_MESSAGES.messageNotFound);
    const agent = findAgent(original.agentSlug);
    if (!agent) throw notFound(AGENT_MESSAGES.agentNotFound);
    // The n-th answer to a question passes n as its variant (the offline engine rotates its choices by it).
    const [{ value: earlier } = { value: 0 }] = await tx
      .select({ value: count() })
      .from(agentRuns)
      .where(eq(agentRuns.userMessageId, original.userMessageId));
    const [run] = await tx
      .insert(agentRuns)
      .values({
        orgId: input.orgId,
        spaceId: input.spaceId,
        sessionId: reply.sessionId,
        userId: input.userId,
        agentSlug: agent.slug,
        userMessageId: original.userMessageId,
        replacesMessageId: reply.id,
        mode: original.mode,
        request: { ...original.request, variant: earlier },
      })
      .returning();
    // The ledger names the question asked again, as typed: the reply is Markdown and would show its syntax.
    const [asked] = await tx.select({ content: chatMessages.content }).from(chatMessages).where(eq(chatMessages.id, original.userMessageId));
    const charge = await chargeChat(tx, {
      orgId: input.orgId,
      spaceId: input.spaceId,
      userId: input.userId,
      agentSlug: agent.slug,
      agentName: agent.name,
      mode: original.mode,
      sessionId: reply.sessionId,
      messageId: reply.id,
      activity: `Regenerate: ${asked?.content ?? agent.name}`,
      idempotencyKey: regenerateIdempotencyKey(run!.id),
    });
    await tx.update(agentRuns).set({ transactionId: charge.transactionId }).where(eq(agentRuns.id, run!.id));
    await tx.update(chatSessions).set({ updatedAt: sql`now()` }).where(eq(chatSessions.id, reply.sessionId));
    return {
      runId: run!.id,
      sessionId: reply.sessionId,
      userMessageId: original.userMessageId,
      replacesMessageId: reply.id,
      mode: original.mode,
      createdAt: run!.createdAt,
      credits: charge.credits,
      creditsRemaining: charge.creditsRemaining,
      transactionId: charge.transactionId,
    };
  });
}
