import { eq } from 'drizzle-orm';
import type { DbExecutor } from '../db/database';
import { creditAccounts, plans } from '../db/schema/index';
import { notFound } from '../errors';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A new organisation's free plan is a 14-day trial. */
export const TRIAL_DAYS = 14;
export const FREE_TRIAL_PLAN_NAME = 'Free Trial';
/** Default credit total (spec 001 §3). */
export const DEFAULT_CREDIT_TOTAL = 3000;
/** Credits renew monthly; the billing work may tie this to the plan's cycle. */
export const CREDIT_CYCLE_DAYS = 30;

export interface PlanResponse {
  id: string;
  name: string;
  type: string;
  days_left: number;
  expires_at: string | null;
  is_active: boolean;
}

export interface CreditsResponse {
  used: number;
  total: number;
  remaining: number;
  reset_date: string;
  last_updated: string;
}

/** Gives a new organisation its trial plan and credit account (inside the registration transaction). */
export async function startFreeTrial(db: DbExecutor, orgId: string, now = new Date()): Promise<void> {
  await db.insert(plans).values({
    orgId,
    type: 'free',
    name: FREE_TRIAL_PLAN_NAME,
    startedAt: now,
    expiresAt: new Date(now.getTime() + TRIAL_DAYS * DAY_MS),
    isActive: true,
  });
  await db.insert(creditAccounts).values({
    orgId,
    total: DEFAULT_CREDIT_TOTAL,
    used: 0,
    resetDate: new Date(now.getTime() + CREDIT_CYCLE_DAYS * DAY_MS),
    updatedAt: now,
  });
}

/** Whole days until `expiresAt`, rounded up, never negative. */
export function daysLeft(expiresAt: Date, now = new Date()): number {
  return Math.max(0, Math.ceil((expiresAt.getTime() - now.getTime()) / DAY_MS));
}

export async function getPlan(db: DbExecutor, orgId: string, now = new Date()): Promise<PlanResponse> {
  const [plan] = await db.select().from(plans).where(eq(plans.orgId, orgId)).limit(1);
  if (!plan) throw notFound('Plan not found');
  const expired = plan.expiresAt !== null && plan.expiresAt.getTime() <= now.getTime();
  return {
    id: plan.id,
    name: plan.name,
    type: plan.type,
    // A plan without an end date has no countdown; 0 keeps the field numeric for clients.
    days_left: plan.expiresAt ? daysLeft(plan.expiresAt, now) : 0,
    expires_at: plan.expiresAt?.toISOString() ?? null,
    // A trial past its end is no longer active even before any job flips the stored flag.
    is_active: plan.isActive && !expired,
  };
}

export async function getCredits(db: DbExecutor, orgId: string): Promise<CreditsResponse> {
  const [account] = await db.select().from(creditAccounts).where(eq(creditAccounts.orgId, orgId)).limit(1);
  if (!account) throw notFound('Credit account not found');
  return {
    used: account.used,
    total: account.total,
    remaining: Math.max(0, account.total - account.used),
    reset_date: account.resetDate.toISOString(),
    last_updated: account.updatedAt.toISOString(),
  };
}
