import { http } from '../../api';

/** GET /billing/plan (spec 001 §3 Plan). */
export interface Plan {
  id: string;
  name: string;
  type: string;
  days_left: number | null;
  expires_at: string | null;
  is_active: boolean;
}

/** GET /billing/credits (spec 001 §3 Credits); space-scoped. */
export interface Credits {
  used: number;
  total: number;
  remaining: number;
  reset_date: string | null;
  last_updated: string | null;
}

export function fetchPlan(signal?: AbortSignal): Promise<Plan> {
  return http.get<Plan>('/billing/plan', signal ? { signal } : undefined);
}

export function fetchCredits(signal?: AbortSignal): Promise<Credits> {
  return http.get<Credits>('/billing/credits', signal ? { signal } : undefined);
}

/** Share of credits used, 0–100, for the usage bar. */
export function creditsUsedPercent(credits: Pick<Credits, 'used' | 'total'>): number {
  if (!Number.isFinite(credits.total) || credits.total <= 0) return credits.used > 0 ? 100 : 0;
  return Math.min(100, Math.max(0, (credits.used / credits.total) * 100));
}

/** Credit counts as shown in the product: 1.2K, 3.4M (spec 001 §9). */
export function formatCredits(value: number): string {
  const trimmed = (n: number) => n.toFixed(1).replace(/\.0$/, '');
  if (Math.abs(value) >= 1_000_000) return `${trimmed(value / 1_000_000)}M`;
  if (Math.abs(value) >= 1_000) return `${trimmed(value / 1_000)}K`;
  return String(Math.round(value));
}
