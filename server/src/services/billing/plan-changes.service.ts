import type { Db } from '../../db/database';
import { AppError, MESSAGES, conflict, notFound } from '../../errors';
import type { PaymentProvider } from '../../payments/index';
import { getCredits, type CreditsResponse } from './credits.service';
import { payForOrder, type PayContext } from './orders.service';
import { PAID_PLAN_TYPES, cataloguePlan, type CataloguePlan, type PaidPlanType } from '../../../../src/contract/billing-catalogue';
import { formatDate } from '../../../../src/contract/format';

export const PLAN_CHANGE_MESSAGES = {
  downgraded: (name: string, credits: number, resetDate: string) =>
    `Your organisation is now on the ${name} plan. Nothing is charged now and the credits you have stay; its ${credits.toLocaleString('en-US')} credits a month start at the next renewal, on ${formatDate(resetDate)}.`,
} as const;
import { findPlan, getPlan, planIsActive, type PlanResponse } from './plans.service';
import { checkoutStarted, type CheckoutStartedResponse } from './purchases.service';
import { planChangeKind } from './plan-change-kind';
import { recordRow } from './ledger';
import { creditAccounts, plans } from '../../db/schema/index';
import { and, eq, sql } from 'drizzle-orm';

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
  const change = planChangeKind(current, offer, ctx.now);
  if (change.kind === 'downgrade') return { status: 200, body: await downgrade(db, input, offer, change.from.name, ctx.now) };
  // With demo payments an upgrade mid-cycle costs the price difference and adds the credit
  // difference; a hosted payment (Stripe) buys a whole 30-day period of the new plan.
  const upgrade = change.kind === 'upgrade' && provider.kind === 'instant' ? change : null;

  const settlement = await payForOrder(
    db,
    provider,
    {
      orgId: input.orgId,
      spaceId: input.spaceId,
      userId: input.userId,
      purpose: 'plan',
      credits: upgrade ? upgrade.credits : offer.credits,
      bonus: 0,
      planType: offer.type,
      amount: upgrade ? upgrade.price : offer.price_monthly,
      description: upgrade
        ? `Mosaic ${offer.name} plan, upgrade from ${upgrade.from.name} for the rest of this month`
        : provider.kind === 'hosted'
          ? `Mosaic ${offer.name} plan, 30 days`
          : `Mosaic ${offer.name} plan, first month`,
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

/**
 * A move to a plan with fewer credits while a paid plan runs: the plan changes now, nothing is
 * charged or granted (this cycle was paid for; its credits stay), and the next renewal grants the
 * new plan's credits. A 0-credit `grant` row records the change in the ledger.
 */
async function downgrade(db: Db, input: PlanChangeInput, offer: CataloguePlan, fromName: string, now: Date): Promise<PlanChangeResponse> {
  const row = await db.transaction(async (tx) => {
    const changed = await tx
      .update(plans)
      .set({ type: offer.type, name: offer.name, startedAt: now })
      .where(and(eq(plans.orgId, input.orgId), sql`${plans.type} <> ${offer.type}`))
      .returning({ id: plans.id });
    if (changed.length === 0) throw conflict(MESSAGES.alreadyOnPlan(offer.name));
    const [account] = await tx.select().from(creditAccounts).where(eq(creditAccounts.orgId, input.orgId)).limit(1);
    if (!account) throw notFound(MESSAGES.creditAccountNotFound);
    return recordRow(
      tx,
      'grant',
      {
        orgId: input.orgId,
        spaceId: input.spaceId,
        userId: input.userId,
        credits: 0,
        feature: 'plan',
        activity: `Changed plan from ${fromName} to ${offer.name}`,
        activityDetails: `Nothing charged now; ${offer.credits.toLocaleString('en-US')} credits a month from the next renewal, on ${account.resetDate.toISOString().slice(0, 10)}`,
      },
      account.total - account.used,
      now,
    );
  });
  const credits = await getCredits(db, input.orgId, now);
  return {
    success: true,
    message: PLAN_CHANGE_MESSAGES.downgraded(offer.name, offer.credits, credits.reset_date),
    transaction_id: row.id,
    plan: await getPlan(db, input.orgId, now),
    credits,
  };
}
