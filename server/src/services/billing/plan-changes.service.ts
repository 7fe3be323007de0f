import { and, eq, ne, or, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/database';
import { creditAccounts, plans } from '../../db/schema/index';
import { AppError, MESSAGES, conflict, notFound } from '../../errors';
import { getCredits, type CreditsResponse } from './credits.service';
import { recordRow } from './ledger';
import { dollars, providerFor, recordOrRefund, takePayment } from './payments';
import { CREDIT_CYCLE_DAYS, DAY_MS, PAID_PLAN_TYPES, cataloguePlan, type PaidPlanType } from './plan-catalogue';
import { findPlan, getPlan, type PlanResponse } from './plans.service';

export interface PlanChangeInput {
  orgId: string;
  spaceId: string;
  userId: string;
  planType: string;
  paymentMethod: string;
}

export interface PlanChangeResponse {
  success: true;
  message: string;
  transaction_id: string;
  plan: PlanResponse;
  credits: CreditsResponse;
}

function isPaidPlanType(type: string): type is PaidPlanType {
  return (PAID_PLAN_TYPES as readonly string[]).includes(type);
}

/**
 * Moves the organisation to a paid plan (POST /billing/plan/upgrade and /plan/upgrade). The first
 * month is charged through the payment provider; then, in one transaction, the plan changes, a
 * new credit cycle starts (unused credits carry over, the plan's credits are added, renewal in
 * 30 days) and a `grant` row records it. Changing between paid plans works the same way.
 */
export async function changePlan(db: DbExecutor, input: PlanChangeInput, now = new Date()): Promise<PlanChangeResponse> {
  if (input.planType === 'free') throw new AppError(422, MESSAGES.freeTrialCannotRestart, 'PLAN_NOT_AVAILABLE');
  const offer = isPaidPlanType(input.planType) ? cataloguePlan(input.planType) : undefined;
  if (!offer || !isPaidPlanType(offer.type)) throw new AppError(422, `Unknown plan type '${input.planType}'. Choose starter, pro or business.`, 'UNKNOWN_PLAN_TYPE');
  const current = await findPlan(db, input.orgId);
  if (current.type === offer.type && current.isActive) throw conflict(MESSAGES.alreadyOnPlan(offer.name));

  const provider = providerFor(input.paymentMethod);
  const payment = await takePayment(provider, {
    orgId: input.orgId,
    userId: input.userId,
    amount: offer.price_monthly,
    currency: 'USD',
    description: `Mosaic ${offer.name} plan, first month`,
    idempotencyKey: `plan:${input.orgId}:${offer.type}:${now.getTime()}`,
  });

  const transactionId = await recordOrRefund(payment, () =>
    db.transaction(async (tx) => {
      // Conditional: of two concurrent upgrades to the same plan only one changes anything.
      const [changed] = await tx
        .update(plans)
        .set({ type: offer.type, name: offer.name, startedAt: now, expiresAt: null, isActive: true })
        .where(and(eq(plans.orgId, input.orgId), or(ne(plans.type, offer.type), eq(plans.isActive, false))))
        .returning({ id: plans.id });
      if (!changed) throw conflict(MESSAGES.alreadyOnPlan(offer.name));
      const [account] = await tx
        .update(creditAccounts)
        .set({
          total: sql`${creditAccounts.total} - ${creditAccounts.used} + ${offer.credits}`,
          used: 0,
          resetDate: new Date(now.getTime() + CREDIT_CYCLE_DAYS * DAY_MS),
          updatedAt: now,
        })
        .where(eq(creditAccounts.orgId, input.orgId))
        .returning({ total: creditAccounts.total });
      if (!account) throw notFound(MESSAGES.creditAccountNotFound);
      const row = await recordRow(
        tx,
        'grant',
        {
          orgId: input.orgId,
          spaceId: input.spaceId,
          userId: input.userId,
          credits: offer.credits,
          feature: 'plan',
          activity: `Changed plan to ${offer.name}`,
          activityDetails: `${dollars(offer.price_monthly)} per month via ${provider.name} (${payment.reference})`,
        },
        account.total,
        now,
      );
      return row.id;
    }),
  );

  return {
    success: true,
    message: `Your organisation is now on the ${offer.name} plan`,
    transaction_id: transactionId,
    plan: await getPlan(db, input.orgId, now),
    credits: await getCredits(db, input.orgId, now),
  };
}
