/** Dates and relative times as the billing screens show them. */
import { onFirstUse } from '../../contract/on-first-use';

const DATE = onFirstUse(() => new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' }));
const DATE_TIME = onFirstUse(() => new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' }));

export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '—';
  const time = Date.parse(iso);
  return Number.isNaN(time) ? '—' : DATE().format(time);
}

export function formatDateTime(iso: string): string {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? '—' : DATE_TIME().format(time);
}

/** "$1,234" or "$12.50" (US dollars, the catalogue's currency); "€29" etc. when Stripe charges another. */
export function formatPrice(amount: number, currency = 'USD'): string {
  const digits = { minimumFractionDigits: amount % 1 === 0 ? 0 : 2, maximumFractionDigits: 2 };
  if (currency.toUpperCase() === 'USD') return `$${amount.toLocaleString('en-US', digits)}`;
  try {
    return new Intl.NumberFormat('en-GB', { style: 'currency', currency: currency.toUpperCase(), ...digits }).format(amount);
  } catch {
    return `${amount.toLocaleString('en-GB', digits)} ${currency.toUpperCase()}`;
  }
}
