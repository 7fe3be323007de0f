/**
 * What a paid plan payment does, once the money is there: the plan changes, a new credit cycle
 * starts (unused credits carry over, the plan's credits are added) and a `grant` row records it.
 * Runs inside the transaction that completes the checkout.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/database';
import { creditAccounts, plans } from '../../db/schema/index';
import { MESSAGES, conflict, notFound } from '../../errors';
import { recordRow, type TransactionRecord } from './ledger';
import { CREDIT_CYCLE_DAYS, DAY_MS } from './plan-catalogue';
import { cataloguePlan, type PaidPlanType } from '../../../../src/contract/billing-catalogue';
import { findPlan } from './plans.service';
import { planChangeKind } from './plan-change-kind';

export interface PlanPayment {
  orgId: string;
  spaceId: string | null;
  userId: string | null;
  planType: PaidPlanType;
  /**
   * true: the plan renews by itself every 30 days (demo payments, no end date). false: the
   * payment buys one 30-day period (Stripe, paid once); paying again extends it.
   */
  renews: boolean;
  /** "$99 per month via mock (mock_…)": the ledger row's details. */
  paymentNote: string;
  ledgerKey: string;
  now: Date;
}

const PERIOD_MS = CREDIT_CYCLE_DAYS * DAY_MS;

/**
 * A renewing plan already active is refused (409): paying again would buy nothing. A paid-once
 * plan may be paid again before it ends: the new period starts where the current one ends.
 */
export function periodEnd(current: { type: string; isActive: boolean; expiresAt: Date | null }, planType: PaidPlanType, now: Date): Date {
  const extending = current.type === planType && current.isActive && current.expiresAt !== null && current.expiresAt.getTime() > now.getTime();
  return new Date((extending ? current.expiresAt!.getTime() : now.getTime()) + PERIOD_MS);
}

export async function applyPlanPayment(tx: DbExecutor, payment: PlanPayment): Promise<TransactionRecord> {
  const offer = cataloguePlan(payment.planType);
  if (!offer) throw notFound(MESSAGES.planNotFound);
  const { now } = payment;
  const current = await findPlan(tx, payment.orgId);
  // A demo upgrade mid-cycle was paid the price difference: it grants the credit difference and the cycle goes on.
  const change = planChangeKind(current, offer, now);
  if (payment.renews && change.kind === 'upgrade') return applyUpgrade(tx, payment, change.from.name, change.credits);
  const endsAt = payment.renews ? null : periodEnd(current, payment.planType, now);
  const changed = await tx
    .update(plans)
    .set({ type: offer.type, name: offer.name, startedAt: current.type === offer.type ? current.startedAt : now, expiresAt: endsAt, isActive: true })
    .where(
      and(
        eq(plans.orgId, payment.orgId),
        // Of two concurrent demo upgrades to the same plan only one changes anything.
        payment.renews ? sql`NOT (${plans.type} = ${offer.type} AND ${plans.isActive} AND ${plans.expiresAt} IS NULL)` : undefined,
      ),
    )
    .returning({ id: plans.id });
  if (changed.length === 0) throw conflict(MESSAGES.alreadyOnPlan(offer.name));

  const [account] = await tx
    .update(creditAccounts)
    .set({
      total: sql`${creditAccounts.total} - ${creditAccounts.used} + ${offer.credits}`,
      used: 0,
      // A paid-once plan's credits "reset" when it ends, like the trial's (spec 001 §4).
      resetDate: endsAt ?? new Date(now.getTime() + PERIOD_MS),
      updatedAt: now,
    })
    .where(eq(creditAccounts.orgId, payment.orgId))
    .returning({ total: creditAccounts.total });
  if (!account) throw notFound(MESSAGES.creditAccountNotFound);
  return recordRow(
    tx,
    'grant',
    {
      orgId: payment.orgId,
      spaceId: payment.spaceId,
      userId: payment.userId,
      credits: offer.credits,
      feature: 'plan',
      activity: current.type === offer.type && !payment.renews ? `Extended the ${offer.name} plan` : `Changed plan to ${offer.name}`,
      activityDetails: payment.paymentNote.slice(0, 500),
      idempotencyKey: payment.ledgerKey,
    },
    account.total,
    now,
  );
}

/** Upgrade of a renewing plan mid-cycle: the plan changes, the credit difference is added, `used` and the renewal date stay. */
async function applyUpgrade(tx: DbExecutor, payment: PlanPayment, fromName: string, credits: number): Promise<TransactionRecord> {
  const offer = cataloguePlan(payment.planType)!;
  const changed = await tx
    .update(plans)
    .set({ type: offer.type, name: offer.name, startedAt: payment.now, expiresAt: null, isActive: true })
    // Of two concurrent upgrades only one changes anything.
    .where(and(eq(plans.orgId, payment.orgId), sql`${plans.type} <> ${offer.type}`))
    .returning({ id: plans.id });
  if (changed.length === 0) throw conflict(MESSAGES.alreadyOnPlan(offer.name));
  const [account] = await tx
    .update(creditAccounts)
    .set({ total: sql`${creditAccounts.total} + ${credits}`, updatedAt: payment.now })
    .where(eq(creditAccounts.orgId, payment.orgId))
    .returning({ total: creditAccounts.total, used: creditAccounts.used });
  if (!account) throw notFound(MESSAGES.creditAccountNotFound);
  return recordRow(
    tx,
    'grant',
    {
      orgId: payment.orgId,
      spaceId: payment.spaceId,
      userId: payment.userId,
      credits,
      feature: 'plan',
      activity: `Upgraded from ${fromName} to ${offer.name}`,
      activityDetails: `The difference in monthly credits for the rest of this cycle; ${payment.paymentNote}`.slice(0, 500),
      idempotencyKey: payment.ledgerKey,
    },
    account.total - account.used,
    payment.now,
  );
}
