/** Prices as the billing screens show them; dates come from the app's one formatter. */
export { formatDate, formatDateTime } from '../../contract/format';

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
