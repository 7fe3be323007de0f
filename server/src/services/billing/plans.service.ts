import { eq } from 'drizzle-orm';
import type { DbExecutor } from '../../db/database';
import { creditAccounts, plans } from '../../db/schema/index';
import { MESSAGES, notFound, paymentRequired } from '../../errors';
import { applyDueRenewal } from './credits.service';
import { recordRow } from './ledger';
import { DAY_MS } from './plan-catalogue';
import { DEFAULT_CREDIT_TOTAL, FREE_TRIAL_PLAN_NAME, TRIAL_DAYS } from '../../../../src/contract/billing-catalogue';
import { API_ERROR_CODES } from '../../../../src/contract/errors';

export interface PlanResponse {
  id: string;
  name: string;
  type: string;
  days_left: number;
  expires_at: string | null;
  is_active: boolean;
}

export type PlanRecord = typeof plans.$inferSelect;

/**
 * Gives a new organisation its trial plan, credit account and the ledger row for the trial's
 * credits (inside the registration transaction). The trial's credits reset when the trial ends,
 * so "reset date passed" and "trial over" agree (spec 001 §4).
 */
export async function startFreeTrial(db: DbExecutor, orgId: string, now = new Date()): Promise<void> {
  const trialEnd = new Date(now.getTime() + TRIAL_DAYS * DAY_MS);
  await db.insert(plans).values({ orgId, type: 'free', name: FREE_TRIAL_PLAN_NAME, startedAt: now, expiresAt: trialEnd, isActive: true });
  await db.insert(creditAccounts).values({ orgId, total: DEFAULT_CREDIT_TOTAL, used: 0, resetDate: trialEnd, updatedAt: now });
  await recordRow(
    db,
    'grant',
    {
      orgId,
      credits: DEFAULT_CREDIT_TOTAL,
      feature: 'plan',
      activity: 'Free trial credits',
      activityDetails: `${TRIAL_DAYS}-day trial started`,
      idempotencyKey: 'trial',
    },
    DEFAULT_CREDIT_TOTAL,
    now,
  );
}

/** Whole days until `expiresAt`, rounded up, never negative. */
export function daysLeft(expiresAt: Date, now = new Date()): number {
  return Math.max(0, Math.ceil((expiresAt.getTime() - now.getTime()) / DAY_MS));
}

/** A plan is usable while flagged active and, for plans with an end (the trial), before it. */
export function planIsActive(plan: PlanRecord, now = new Date()): boolean {
  return plan.isActive && (plan.expiresAt === null || plan.expiresAt.getTime() > now.getTime());
}

export async function findPlan(db: DbExecutor, orgId: string): Promise<PlanRecord> {
  const [plan] = await db.select().from(plans).where(eq(plans.orgId, orgId)).limit(1);
  if (!plan) throw notFound(MESSAGES.planNotFound);
  return plan;
}

/** 402 PLAN_EXPIRED with the agents' text unless the organisation's plan is usable. */
export async function assertPlanActive(db: DbExecutor, orgId: string, now = new Date()): Promise<void> {
  const plan = await findPlan(db, orgId);
  if (!planIsActive(plan, now)) throw paymentRequired(MESSAGES.planExpired(plan.type), API_ERROR_CODES.planExpired);
}

/**
 * `days_left` counts to the plan's end (the trial) or, for paid plans, which do not end, to the
 * next credit renewal; 0 when neither date is known.
 */
export function toPlanResponse(plan: PlanRecord, now = new Date(), renewsAt?: Date): PlanResponse {
  const countdownTo = plan.expiresAt ?? renewsAt;
  return {
    id: plan.id,
    name: plan.name,
    type: plan.type,
    days_left: countdownTo ? daysLeft(countdownTo, now) : 0,
    expires_at: plan.expiresAt?.toISOString() ?? null,
    // A trial past its end is no longer active even before anything flips the stored flag.
    is_active: planIsActive(plan, now),
  };
}

export async function getPlan(db: DbExecutor, orgId: string, now = new Date()): Promise<PlanResponse> {
  await applyDueRenewal(db, orgId, now);
  const plan = await findPlan(db, orgId);
  const [account] = await db.select({ resetDate: creditAccounts.resetDate }).from(creditAccounts).where(eq(creditAccounts.orgId, orgId)).limit(1);
  return toPlanResponse(plan, now, account?.resetDate);
}
