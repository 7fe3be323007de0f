/**
 * Pricing and charging of agent chats, for the agents work (spec 001 §5, §9): a chat needs an
 * active plan and enough credits; it costs the estimated credits times the mode's multiplier.
 */
import type { DbExecutor } from '../../db/database';
import { MESSAGES, paymentRequired } from '../../errors';
import { refundDebit, refundPartOfDebit } from './ledger';
import { spendCredits } from './spending';
import { chatCost, DEFAULT_ESTIMATED_CREDITS, type ChatMode } from '../../../../src/contract/chat';
import { API_ERROR_CODES } from '../../../../src/contract/errors';

/** Activity text is cut to 50 characters in chat transactions (spec 001 §5). */
export const CHAT_ACTIVITY_MAX_LENGTH = 50;

export interface ChatChargeInput {
  orgId: string;
  spaceId: string;
  userId: string;
  agentSlug: string;
  agentName: string;
  mode: ChatMode;
  sessionId: string;
  messageId: string;
  activity: string;
  idempotencyKey: string;
}

/** Checks the plan is active and charges atomically (conditional update + ledger row in one transaction).
 *  Idempotent on `idempotencyKey` (the same key twice → the first transaction, no second charge).
 *  Expired plan → AppError 402, code PLAN_EXPIRED, detail 'Your {type} plan has expired. Please upgrade your plan to continue using AI agents.'
 *  Short balance → AppError 402, code INSUFFICIENT_CREDITS, detail 'Insufficient credits. This operation requires {n} credits, but you only have {m} remaining.' */
export async function chargeChat(
  db: DbExecutor,
  input: ChatChargeInput,
): Promise<{ transactionId: string; credits: number; creditsRemaining: number }> {
  const activity = input.activity.length > CHAT_ACTIVITY_MAX_LENGTH ? input.activity.slice(0, CHAT_ACTIVITY_MAX_LENGTH) : input.activity;
  const result = await spendCredits(
    db,
    {
      orgId: input.orgId,
      spaceId: input.spaceId,
      userId: input.userId,
      credits: chatCost(input.mode),
      baseCredits: DEFAULT_ESTIMATED_CREDITS,
      feature: 'chat',
      activity,
      activityDetails: `Agent ${input.agentSlug}, message ${input.messageId}`,
      agentName: input.agentName,
      mode: input.mode,
      relatedTo: { type: 'chat_session', id: input.sessionId },
      idempotencyKey: input.idempotencyKey,
    },
    {
      requireActivePlan: true,
      insufficient: (required, remaining) => paymentRequired(MESSAGES.insufficientCreditsFor(required, remaining), API_ERROR_CODES.insufficientCredits),
    },
  );
  return { transactionId: result.row.id, credits: result.row.credits, creditsRemaining: result.creditsRemaining };
}

/** Gives the credits back (a refund ledger row), once per transaction however often called. */
export async function refundCharge(db: DbExecutor, transactionId: string, reason: string): Promise<void> {
  await refundDebit(db, transactionId, reason);
}

/**
 * A stopped reply (docs/agents.md "Stop"): keeps the credits for what was written
 * (creditsKeptForStoppedReply) and gives the rest back; nothing written → the whole charge back.
 * Called inside the transaction that ends the run. Returns the credits given back.
 */
export async function refundUnusedPart(db: DbExecutor, transactionId: string, charged: number, kept: number, reason: string): Promise<number> {
  if (kept <= 0) {
    await refundDebit(db, transactionId, reason);
    return charged;
  }
  if (kept >= charged) return 0;
  const refund = await refundPartOfDebit(db, transactionId, charged - kept, reason);
  return refund.credits;
}
