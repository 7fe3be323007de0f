import { DAY_MS } from '../../services/billing/plan-catalogue';

/**
 * The start of a report's period ('30d' → 30 days ago); undefined for 'all'. The contract's
 * periodField has already refused anything else (src/contract/billing-schemas.ts).
 */
export function periodStart(period: string, now = new Date()): Date | undefined {
  if (period === 'all') return undefined;
  return new Date(now.getTime() - Number.parseInt(period, 10) * DAY_MS);
}
