import type { Db } from '../../db/database';
import { AppError, MESSAGES, conflict } from '../../errors';
import type { PaymentProvider } from '../../payments/index';
import { getCredits, type CreditsResponse } from './credits.service';
import { payForOrder, type PayContext } from './orders.service';
import { PAID_PLAN_TYPES, cataloguePlan, type PaidPlanType } from '../../../../src/contract/billing-catalogue';
import { findPlan, getPlan, planIsActive, type PlanResponse } from './plans.service';
import { checkoutStarted, type CheckoutStartedResponse } from './purchases.service';

export interface PlanChangeInput {
  orgId: string;
  spaceId: string;
  userId: string;
  planType: string;
  idempotencyKey?: string | undefined;
}

export interface PlanChangeResponse {
  success: true;
  message: string;
  transaction_id: string;
  plan: PlanResponse;
  credits: CreditsResponse;
}

export type PlanChangeAnswer = { status: 200; body: PlanChangeResponse } | { status: 202; body: CheckoutStartedResponse };

function isPaidPlanType(type: string): type is PaidPlanType {
  return (PAID_PLAN_TYPES as readonly string[]).includes(type);
}

/**
 * Pays for a paid plan (POST /billing/plan/upgrade and /plan/upgrade). With demo payments the
 * plan changes at once and renews by itself every 30 days; with Stripe the answer is 202 with the
 * payment page, and the plan changes for 30 days when the signed webhook arrives (paying again
 * extends it). Either way a new credit cycle starts: unused credits carry over, the plan's
 * credits are added, a `grant` row records it. Changing between paid plans works the same way.
 */
export async function changePlan(db: Db, provider: PaymentProvider, input: PlanChangeInput, ctx: PayContext): Promise<PlanChangeAnswer> {
  if (input.planType === 'free') throw new AppError(422, MESSAGES.freeTrialCannotRestart, 'PLAN_NOT_AVAILABLE');
  const offer = isPaidPlanType(input.planType) ? cataloguePlan(input.planType) : undefined;
  if (!offer || !isPaidPlanType(offer.type)) throw new AppError(422, `Unknown plan type '${input.planType}'. Choose starter, pro or business.`, 'UNKNOWN_PLAN_TYPE');
  const current = await findPlan(db, input.orgId);
  // A plan that renews by itself is paid for already; a paid-once plan may be paid again (extended).
  if (current.type === offer.type && planIsActive(current, ctx.now) && current.expiresAt === null) throw conflict(MESSAGES.alreadyOnPlan(offer.name));

  const settlement = await payForOrder(
    db,
    provider,
    {
      orgId: input.orgId,
      spaceId: input.spaceId,
      userId: input.userId,
      purpose: 'plan',
      credits: offer.credits,
      bonus: 0,
      planType: offer.type,
      amount: offer.price_monthly,
      description: provider.kind === 'hosted' ? `Mosaic ${offer.name} plan, 30 days` : `Mosaic ${offer.name} plan, first month`,
      idempotencyKey: input.idempotencyKey ? `plan:${input.idempotencyKey}` : null,
    },
    ctx,
  );
  if (settlement.kind === 'checkout') return checkoutStarted(settlement);
  const plan = await getPlan(db, input.orgId, ctx.now);
  return {
    status: 200,
    body: {
      success: true,
      message: `Your organisation is now on the ${offer.name} plan`,
      transaction_id: settlement.row.id,
      plan,
      credits: await getCredits(db, input.orgId, ctx.now),
    },
  };
}
