/**
 * Stop generating (docs/agents.md "Stop"): the reply written so far becomes the message, the run
 * ends as succeeded, and the unused part of the charge is refunded (creditsKeptForStoppedReply,
 * src/contract/chat.ts) in the same transaction. Nothing written yet → it is a cancel: no message,
 * the whole charge back. Works whichever process answers the run: the text is read from this
 * process's stream hub when it answers here, else from what the answering process saved; that
 * process then finds its claim gone and drops its own result (runs.service.ts, fencing).
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { StopResult } from '../../../../src/contract/agents';
import { creditsKeptForStoppedReply } from '../../../../src/contract/chat';
import { citationsFor } from '../../../../src/contract/citations';
import type { Db } from '../../db/database';
import { agentRuns } from '../../db/schema/index';
import { conflict } from '../../errors';
import { findTransaction } from '../billing/ledger';
import { refundUnusedPart } from '../billing/chat-billing';
import { insertReply } from './complete-run';
import { AGENT_MESSAGES } from './messages';
import { OPEN_STATUSES, openRunOf } from './runs.service';
import { toMessageDto, toRunDto } from './serializers';
import type { StreamHub } from '../leased-runs/stream-hub';
import type { RunWaker } from '../leased-runs/waker';

export interface StopDeps {
  db: Db;
  streams: StreamHub;
  waker: RunWaker;
}

export async function stopSessionRun({ db, streams, waker }: StopDeps, sessionId: string): Promise<StopResult> {
  const open = await openRunOf(db, sessionId);
  if (!open) throw conflict(AGENT_MESSAGES.nothingToCancel);
  const local = streams.localText(open.id);
  const result = await db.transaction(async (tx) => {
    const [run] = await tx
      .select()
      .from(agentRuns)
      .where(and(eq(agentRuns.id, open.id), inArray(agentRuns.status, [...OPEN_STATUSES])))
      .for('update');
    if (!run) return null;
    // This process's copy is the freshest when it answers here; else the answering process's last save.
    const text = (run.status === 'running' ? (local?.text ?? run.partialText ?? '') : '').trimEnd();
    const written = text.trim() === '' ? '' : text;
    const debit = run.transactionId ? await findTransaction(tx, run.transactionId) : undefined;
    const charged = debit?.status === 'completed' ? debit.credits : 0;
    const kept = creditsKeptForStoppedReply(charged, written.length);
    const [ended] = await tx
      .update(agentRuns)
      .set({
        status: written ? 'succeeded' : 'cancelled',
        error: written ? AGENT_MESSAGES.replyStopped : AGENT_MESSAGES.runCancelled,
        leaseUntil: null,
        partialText: null,
        refunded: !written && charged > 0,
        updatedAt: sql`now()`,
      })
      .where(eq(agentRuns.id, run.id))
      .returning();
    const refunded =
      run.transactionId && charged > 0
        ? await refundUnusedPart(tx, run.transactionId, charged, kept, written ? 'Reply stopped by the user: unused part' : 'Chat request cancelled')
        : 0;
    const citations = written && run.sources ? citationsFor(written, run.sources) : [];
    const message = written ? await insertReply(tx, run, written, local?.engine ?? null, citations) : null;
    return { run: { ...ended!, replyMessageId: message?.id ?? null }, message, charged, refunded };
  });
  // Whichever process writes it stops now (its model call is aborted; its result would be dropped anyway).
  await streams.requestStop(open.id);
  await waker.wake(sessionId);
  if (!result) throw conflict(AGENT_MESSAGES.nothingToCancel);
  return {
    run: toRunDto(result.run),
    message: result.message && toMessageDto(result.message),
    credits_charged: result.charged - result.refunded,
    credits_refunded: result.refunded,
  };
}
