/** Storing a run's reply: the run ends and the reply appears together, or not at all. */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { agentRuns, chatMessages, chatSessions } from '../../db/schema/index';
import { stillHeld, type RunRow } from './runs.service';

/**
 * Null when the run is no longer this attempt's (cancelled meanwhile, or its lease ran out and
 * another worker took it over): the reply is dropped.
 */
export async function completeRun(db: Db, run: RunRow, content: string, engine: string) {
  return db.transaction(async (tx) => {
    const [won] = await tx
      .update(agentRuns)
      .set({ status: 'succeeded', error: null, leaseUntil: null, updatedAt: sql`now()` })
      .where(stillHeld(run))
      .returning({ id: agentRuns.id });
    if (!won) return null;
    const [reply] = await tx
      .insert(chatMessages)
      .values({ sessionId: run.sessionId, spaceId: run.spaceId, role: 'assistant', content, runId: run.id, engine })
      .returning();
    await tx.update(agentRuns).set({ replyMessageId: reply!.id }).where(eq(agentRuns.id, run.id));
    if (run.replacesMessageId) {
      await tx.update(chatMessages).set({ supersededBy: reply!.id }).where(eq(chatMessages.id, run.replacesMessageId));
    }
    await tx.update(chatSessions).set({ updatedAt: sql`now()` }).where(eq(chatSessions.id, run.sessionId));
    return reply!;
  });
}
