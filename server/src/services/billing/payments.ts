import { AppError, MESSAGES, paymentRequired } from '../../errors';
import { paymentMethods, paymentProviderFor, type ChargeRequest, type PaymentProvider } from '../../payments/index';

export interface TakenPayment {
  provider: PaymentProvider;
  reference: string;
}

/** The provider for `method`, or 422 naming the methods that exist. */
export function providerFor(method: string): PaymentProvider {
  const provider = paymentProviderFor(method);
  if (!provider) throw new AppError(422, MESSAGES.unknownPaymentMethod(method, paymentMethods()), 'UNKNOWN_PAYMENT_METHOD');
  return provider;
}

/** Charges through the provider; a decline is a 402 PAYMENT_DECLINED with the provider's reason. */
export async function takePayment(provider: PaymentProvider, request: ChargeRequest): Promise<TakenPayment> {
  const result = await provider.charge(request);
  if (result.status === 'declined') throw paymentRequired(MESSAGES.paymentDeclined(result.reason), 'PAYMENT_DECLINED');
  return { provider, reference: result.reference };
}

/**
 * Runs `record` after the money was taken; if recording fails, the payment is given back before
 * the error travels on, so nobody pays for credits they did not get.
 */
export async function recordOrRefund<T>(payment: TakenPayment, record: () => Promise<T>): Promise<T> {
  try {
    return await record();
  } catch (error) {
    await payment.provider.refund(payment.reference);
    throw error;
  }
}

/** "$1,234.50" style amounts for ledger details. */
export function dollars(amount: number): string {
  return `$${amount.toLocaleString('en-US', { minimumFractionDigits: amount % 1 === 0 ? 0 : 2, maximumFractionDigits: 2 })}`;
}
