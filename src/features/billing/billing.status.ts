/** Plan status, credit limits and credit display (spec 001 §4, §9). Pure functions. */
import type { Credits, Plan } from '../../contract/billing';
import { formatCount } from '../../contract/format';

export type PlanStatus = 'active' | 'expiring_soon' | 'expired';

/** A free plan is expiring soon with 3 days or fewer left (spec 001 §9). */
export const EXPIRING_SOON_DAYS = 3;
/** Near limit at 80 % used or more (spec 001 §9). */
export const NEAR_LIMIT_PERCENT = 80;
/** The usage bar never shrinks below 2 % so a fresh plan still shows a sliver (spec 000 §9). */
export const CREDITS_BAR_MIN_PERCENT = 2;

/**
 * Spec 001 §4: expired when the reset date has passed. Otherwise a free plan is expiring_soon
 * when 3 or fewer days remain, else active. Paid plans are active or expired by is_active.
 * A free plan the server reports inactive (its trial ended) is expired too.
 */
export function planStatus(plan: Pick<Plan, 'type' | 'days_left' | 'is_active'>, resetDate: string | null | undefined, now = Date.now()): PlanStatus {
  if (resetDate && Date.parse(resetDate) <= now) return 'expired';
  if (plan.type === 'free') {
    if (!plan.is_active) return 'expired';
    return plan.days_left !== null && plan.days_left <= EXPIRING_SOON_DAYS ? 'expiring_soon' : 'active';
  }
  return plan.is_active ? 'active' : 'expired';
}

export const PLAN_STATUS_LABELS: Record<PlanStatus, string> = {
  active: 'Active',
  expiring_soon: 'Expiring soon',
  expired: 'Expired',
};

/** Share of credits used, 0–100. */
export function creditsUsedPercent(credits: Pick<Credits, 'used' | 'total'>): number {
  if (!Number.isFinite(credits.total) || credits.total <= 0) return credits.used > 0 ? 100 : 0;
  return Math.min(100, Math.max(0, (credits.used / credits.total) * 100));
}

/** Width of the usage bar: the used share, but never under the 2 % minimum. */
export function usageBarPercent(credits: Pick<Credits, 'used' | 'total'>): number {
  return Math.max(CREDITS_BAR_MIN_PERCENT, creditsUsedPercent(credits));
}

export function isNearLimit(credits: Pick<Credits, 'used' | 'total'>): boolean {
  return creditsUsedPercent(credits) >= NEAR_LIMIT_PERCENT;
}

export function isOverLimit(credits: Pick<Credits, 'used' | 'total'>): boolean {
  return credits.used >= credits.total;
}

/**
 * Credit counts as shown in the product (spec 001 §9): 1000 or more with K, a million or more
 * with M, one decimal (3.0K, 1.5K, 2.3M); below 1000 the whole number.
 */
export function formatCredits(value: number): string {
  // Rounded down so 999,999 never reads as "1000.0K" and a balance is never shown higher than it is.
  const oneDecimal = (size: number, unit: number) => (Math.floor(size / (unit / 10)) / 10).toFixed(1);
  const sign = value < 0 ? '-' : '';
  const size = Math.abs(value);
  if (size >= 1_000_000) return `${sign}${oneDecimal(size, 1_000_000)}M`;
  if (size >= 1_000) return `${sign}${oneDecimal(size, 1_000)}K`;
  return `${sign}${Math.round(size)}`;
}

/** "12 days left", "1 day left", "Expired". */
export function daysLeftText(plan: Pick<Plan, 'days_left' | 'is_active' | 'type'> & Partial<Pick<Plan, 'expires_at'>>, status: PlanStatus): string {
  if (status === 'expired') return 'Expired';
  if (plan.days_left === null) return 'Active';
  const days = formatCount(plan.days_left, 'day');
  // The trial and plans paid for 30 days at a time (Stripe) end; others renew by themselves.
  return plan.type === 'free' || plan.expires_at ? `${days} left` : `Renews in ${days}`;
}
