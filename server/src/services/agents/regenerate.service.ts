/**
 * Regenerating a reply (spec 001 §7): a new run answers the same user message again; when it
 * succeeds the old reply is hidden (kept, marked superseded) and the new one takes its place. It is
 * charged like a message in the original mode, and refunded if it fails.
 */
import { and, count, eq, sql } from 'drizzle-orm';
import { findAgent } from '../../agents/index';
import type { Db } from '../../db/database';
import { agentRuns, chatSessions } from '../../db/schema/index';
import { AppError, conflict, notFound } from '../../errors';
import { chargeChat } from '../billing/chat-billing';
import { requireMessageInSpace } from './feedback.service';
import { AGENT_MESSAGES } from './messages';
import { openRunOf } from './runs.service';

export async function acceptRegeneration(
  db: Db,
  input: { orgId: string; spaceId: string; userId: string; messageId: string },
): Promise<{ runId: string; sessionId: string }> {
  return db.transaction(async (tx) => {
    const reply = await requireMessageInSpace(tx, input.spaceId, input.messageId);
    if (reply.role !== 'assistant') throw new AppError(422, AGENT_MESSAGES.onlyRepliesRegenerated, 'VALIDATION_ERROR');
    if (reply.supersededBy) throw conflict('This reply has already been regenerated');
    await tx.execute(sql`select id from chat_sessions where id = ${reply.sessionId} for update`);
    if (await openRunOf(tx, reply.sessionId)) throw conflict(AGENT_MESSAGES.sessionBusy);
    const [original] = await tx.select().from(agentRuns).where(eq(agentRuns.replyMessageId, reply.id));
    if (!original) throw notFound(AGENT_MESSAGES.messageNotFound);
    const agent = findAgent(original.agentSlug);
    if (!agent) throw notFound(AGENT_MESSAGES.agentNotFound);
    const [{ value: earlier } = { value: 0 }] = await tx
      .select({ value: count() })
      .from(agentRuns)
      .where(and(eq(agentRuns.userMessageId, original.userMessageId)));
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
    const charge = await chargeChat(tx, {
      orgId: input.orgId,
      spaceId: input.spaceId,
      userId: input.userId,
      agentSlug: agent.slug,
      agentName: agent.name,
      mode: original.mode,
      sessionId: reply.sessionId,
      messageId: reply.id,
      activity: `Regenerate: ${reply.content}`,
      idempotencyKey: `chat_regenerate:${run!.id}`,
    });
    await tx.update(agentRuns).set({ transactionId: charge.transactionId }).where(eq(agentRuns.id, run!.id));
    await tx.update(chatSessions).set({ updatedAt: sql`now()` }).where(eq(chatSessions.id, reply.sessionId));
    return { runId: run!.id, sessionId: reply.sessionId };
  });
}
