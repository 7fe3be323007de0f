/** Storing a run's reply: the run ends and the reply appears together, or not at all. */
import { eq, sql } from 'drizzle-orm';
import type { CitationDto } from '../../../../src/contract/citations';
import type { Db, DbExecutor } from '../../db/database';
import { agentRuns, chatMessages, chatSessions } from '../../db/schema/index';
import { stillHeld, type RunRow } from './runs.service';
import { retitleSession } from './titles';

/** The chat's name from its first exchange, stored with the reply (titles.ts). */
export interface FirstExchangeTitle {
  firstMessage: string;
  title: string;
}

/**
 * Null when the run is no longer this attempt's (cancelled or stopped meanwhile, or its lease ran
 * out and another worker took it over): the reply is dropped.
 */
export async function completeRun(db: Db, run: RunRow, content: string, engine: string, citations: CitationDto[] = [], title: FirstExchangeTitle | null = null) {
  return db.transaction(async (tx) => {
    const [won] = await tx
      .update(agentRuns)
      .set({ status: 'succeeded', error: null, leaseUntil: null, partialText: null, updatedAt: sql`now()` })
      .where(stillHeld(run))
      .returning({ id: agentRuns.id });
    if (!won) return null;
    const reply = await insertReply(tx, run, content, engine, citations);
    if (title) await retitleSession(tx, run.sessionId, title.firstMessage, title.title);
    return reply;
  });
}

/** The reply of a run that this transaction has just ended as succeeded (answered or stopped). */
export async function insertReply(tx: DbExecutor, run: RunRow, content: string, engine: string | null, citations: CitationDto[] = []) {
  const [reply] = await tx
    .insert(chatMessages)
    // A reply follows the question its run answers; a regeneration's is therefore a new version beside the earlier replies.
    .values({ sessionId: run.sessionId, spaceId: run.spaceId, role: 'assistant', content, runId: run.id, engine, parentId: run.userMessageId, citations })
    .returning();
  await tx.update(agentRuns).set({ replyMessageId: reply!.id }).where(eq(agentRuns.id, run.id));
  await tx.update(chatSessions).set({ updatedAt: sql`now()` }).where(eq(chatSessions.id, run.sessionId));
  return reply!;
}
