import { and, eq, lte, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/database';
import { creditAccounts, plans } from '../../db/schema/index';
import { MESSAGES, notFound } from '../../errors';
import { recordRow } from './ledger';
import { CREDIT_CYCLE_DAYS, DAY_MS } from './plan-catalogue';
import { cataloguePlan } from '../../../../src/contract/billing-catalogue';

export interface CreditsResponse {
  used: number;
  total: number;
  remaining: number;
  reset_date: string;
  last_updated: string;
}

const CYCLE_MS = CREDIT_CYCLE_DAYS * DAY_MS;

/** The first cycle boundary after `now`, counting whole cycles from `from`. */
export function nextResetAfter(from: Date, now: Date): Date {
  const elapsed = Math.max(0, now.getTime() - from.getTime());
  return new Date(from.getTime() + (Math.floor(elapsed / CYCLE_MS) + 1) * CYCLE_MS);
}

/**
 * Paid plans that renew by themselves (paid with demo payments) renew their credits at
 * reset_date. There is no scheduler: the renewal is applied lazily by whichever read or charge first sees the date passed (GET plan/credits/transactions,
 * deductions, chat charges, purchases). A new cycle starts: `used` returns to 0, the plan's
 * monthly credits are added to what is left (unused credits carry over), a `grant` row records
 * it, and reset_date moves to the next boundary after now. An organisation idle for several
 * cycles gets one renewal, not one per missed cycle. The conditional UPDATE (reset_date still
 * passed) lets exactly one of several concurrent requests apply it.
 */
export async function applyDueRenewal(db: DbExecutor, orgId: string, now = new Date()): Promise<void> {
  const [row] = await db
    .select({ plan: plans, account: creditAccounts })
    .from(plans)
    .innerJoin(creditAccounts, eq(creditAccounts.orgId, plans.orgId))
    .where(eq(plans.orgId, orgId))
    .limit(1);
  // Plans with an end date (the trial, a plan paid once through Stripe) never renew by themselves.
  if (!row || row.plan.type === 'free' || !row.plan.isActive || row.plan.expiresAt !== null) return;
  if (row.account.resetDate.getTime() > now.getTime()) return;
  const offer = cataloguePlan(row.plan.type);
  if (!offer) return;
  const nextReset = nextResetAfter(row.account.resetDate, now);
  await db.transaction(async (tx) => {
    const [renewed] = await tx
      .update(creditAccounts)
      .set({
        total: sql`${creditAccounts.total} - ${creditAccounts.used} + ${offer.credits}`,
        used: 0,
        resetDate: nextReset,
        updatedAt: now,
      })
      .where(and(eq(creditAccounts.orgId, orgId), lte(creditAccounts.resetDate, now)))
      .returning({ total: creditAccounts.total });
    if (!renewed) return;
    await recordRow(
      tx,
      'grant',
      {
        orgId,
        credits: offer.credits,
        feature: 'plan',
        activity: `Monthly credits: ${offer.name} plan`,
        activityDetails: `Renewed on ${now.toISOString().slice(0, 10)}; next renewal ${nextReset.toISOString().slice(0, 10)}`,
        idempotencyKey: `renewal:${row.account.resetDate.toISOString()}`,
      },
      renewed.total,
      now,
    );
  });
}

export async function getCredits(db: DbExecutor, orgId: string, now = new Date()): Promise<CreditsResponse> {
  await applyDueRenewal(db, orgId, now);
  const [account] = await db.select().from(creditAccounts).where(eq(creditAccounts.orgId, orgId)).limit(1);
  if (!account) throw notFound(MESSAGES.creditAccountNotFound);
  return {
    used: account.used,
    total: account.total,
    remaining: Math.max(0, account.total - account.used),
    reset_date: account.resetDate.toISOString(),
    last_updated: account.updatedAt.toISOString(),
  };
}
