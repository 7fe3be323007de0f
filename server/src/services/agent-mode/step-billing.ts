/**
 * What a step costs on the ledger (docs/agent-mode.md "Credits"): charged when the step starts,
 * through the one way credits are spent (billing/spending.ts: plan check, atomic debit), once per
 * step whatever happens (idempotency key `agent_mode_step:<step id>`: a step started again after a
 * restart or an answer is not charged twice); refunded once if it fails or the run is cancelled
 * before the step finished.
 */
import { STEP_BASE_CREDITS } from '../../../../src/contract/agent-mode';
import { API_ERROR_CODES } from '../../../../src/contract/errors';
import { findAgent } from '../../agents/index';
import type { DbExecutor } from '../../db/database';
import { AppError, MESSAGES } from '../../errors';
import { refundDebit } from '../billing/ledger';
import { spendCredits } from '../billing/spending';
import type { RunRow, StepRow } from './serializers';

export const AGENT_MODE_FEATURE = 'agent_mode';
/** Ledger activity text is cut to 100 characters (spec 001 §5, deduct details). */
const ACTIVITY_MAX = 100;

export const stepChargeKey = (stepId: string) => `agent_mode_step:${stepId}`;

/** A step's charge was refused: the run pauses with the reason (docs/agent-mode.md "Credits"). */
export class ChargeRefused extends AppError {
  constructor(
    readonly reason: 'credits' | 'plan',
    detail: string,
    readonly required = 0,
    readonly remaining = 0,
  ) {
    super(402, detail, reason === 'plan' ? API_ERROR_CODES.planExpired : API_ERROR_CODES.insufficientCredits);
  }
}

/** Charges the step (or finds its earlier charge); throws ChargeRefused when the plan or the balance does not allow it. */
export async function chargeStep(db: DbExecutor, run: RunRow, step: StepRow): Promise<{ transactionId: string; creditsRemaining: number }> {
  const result = await spendCredits(
    db,
    {
      orgId: run.orgId,
      spaceId: run.spaceId,
      userId: run.userId,
      credits: step.credits,
      baseCredits: STEP_BASE_CREDITS[step.kind],
      feature: AGENT_MODE_FEATURE,
      activity: `${step.title}: ${run.title}`.slice(0, ACTIVITY_MAX),
      activityDetails: `Agent Mode run ${run.id}, step ${step.position} of the plan`,
      agentName: findAgent(step.agentSlug)?.name ?? step.agentSlug,
      mode: run.mode,
      relatedTo: { type: 'agent_mode_run', id: run.id },
      idempotencyKey: stepChargeKey(step.id),
    },
    {
      requireActivePlan: true,
      insufficient: (required, remaining) => new ChargeRefused('credits', MESSAGES.insufficientCreditsFor(required, remaining), required, remaining),
    },
  ).catch((error: unknown) => {
    if (error instanceof AppError && error.code === API_ERROR_CODES.planExpired) throw new ChargeRefused('plan', error.detail);
    throw error;
  });
  return { transactionId: result.row.id, creditsRemaining: result.creditsRemaining };
}

/** Gives a step's charge back (at most once, however often called). */
export async function refundStep(db: DbExecutor, transactionId: string, reason: string): Promise<void> {
  await refundDebit(db, transactionId, reason.slice(0, 200));
}
