/**
 * How this installation takes payments (demo payments or Stripe Checkout), asked once per session:
 * the screens where one pays say whether money really moves, and in which currency.
 */
import { proxy, useSnapshot } from 'valtio';
import { useEffect } from 'react';
import { describeError, logger } from '../../lib/logger';
import { onSessionReset } from '../../session';
import { fetchCatalogueInfo } from './billing.api';
import type { PaymentsInfo } from '../../contract/billing';

export interface PaymentsState {
  payments: PaymentsInfo | null;
  /** ISO 4217, upper case; the catalogue's USD until the server says otherwise. */
  currency: string;
}

export const paymentsState = proxy<PaymentsState>({ payments: null, currency: 'USD' });

let asked: Promise<void> | null = null;
let generation = 0;

/** Asks the server once; failures leave the state unknown (paying needs a connection anyway). */
export function loadPaymentsInfo(): Promise<void> {
  const askedIn = generation;
  asked ??= fetchCatalogueInfo()
    .then((info) => {
      if (askedIn !== generation) return;
      paymentsState.payments = info.payments;
      paymentsState.currency = info.currency;
    })
    .catch((error: unknown) => {
      asked = null;
      logger.warn('Could not learn how payments are taken', { error: describeError(error) });
    });
  return asked;
}

/** The payments state, loaded when `enabled` (signed in with a space). */
export function usePaymentsInfo(enabled = true): PaymentsState {
  const snapshot = useSnapshot(paymentsState);
  useEffect(() => {
    if (enabled) void loadPaymentsInfo();
  }, [enabled]);
  return snapshot;
}

onSessionReset(() => {
  generation += 1;
  asked = null;
  paymentsState.payments = null;
  paymentsState.currency = 'USD';
});
