import { AppError, MESSAGES } from '../../errors';
import type { PaymentProvider, PaymentProviders } from '../../payments/index';

/** The catalogue's currency; demo payments are priced in it. Stripe may charge another (STRIPE_CURRENCY). */
export const CATALOGUE_CURRENCY = 'usd';

/** The provider `method` names (the installation's own when none is named), or 422 naming those that exist. */
export function providerFor(providers: PaymentProviders, method: string | undefined): PaymentProvider {
  const provider = providers.find(method);
  if (!provider) throw new AppError(422, MESSAGES.unknownPaymentMethod(method ?? '', providers.names()), 'UNKNOWN_PAYMENT_METHOD');
  return provider;
}

/** The currency a provider charges in (lower-case ISO 4217). */
export function currencyOf(provider: PaymentProvider): string {
  return provider.kind === 'hosted' ? provider.currency : CATALOGUE_CURRENCY;
}

/** "$1,234.50" for US dollars, "1,234.50 EUR" otherwise: amounts in ledger details. */
export function formatAmount(amount: number, currency: string): string {
  const figure = amount.toLocaleString('en-US', { minimumFractionDigits: amount % 1 === 0 ? 0 : 2, maximumFractionDigits: 2 });
  return currency.toLowerCase() === 'usd' ? `$${figure}` : `${figure} ${currency.toUpperCase()}`;
}
