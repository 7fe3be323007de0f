/**
 * Stripe counts amounts in a currency's smallest unit: cents for most, whole units for the
 * zero-decimal currencies listed in Stripe's documentation ("Zero-decimal currencies").
 */
const ZERO_DECIMAL = new Set(['bif', 'clp', 'djf', 'gnf', 'jpy', 'kmf', 'krw', 'mga', 'pyg', 'rwf', 'ugx', 'vnd', 'vuv', 'xaf', 'xof', 'xpf']);

/** 29 → 2900 (usd), 29 → 29 (jpy); rounded so 19.99 never becomes 1998.9999. */
export function toMinorUnits(amount: number, currency: string): number {
  return ZERO_DECIMAL.has(currency.toLowerCase()) ? Math.round(amount) : Math.round(amount * 100);
}

/** The inverse of toMinorUnits: 2900 → 29 (usd). */
export function fromMinorUnits(amountMinor: number, currency: string): number {
  return ZERO_DECIMAL.has(currency.toLowerCase()) ? amountMinor : amountMinor / 100;
}
