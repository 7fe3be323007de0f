import { useCallback, useEffect, useState } from 'react';
import { ApiError } from '../../api';
import { fetchCheckout } from './billing.api';
import { reloadBilling } from './billing.store';
import type { Checkout } from '../../contract/billing';
import { MAX_CHECKOUT_POLLS, checkoutPollDelayMs } from './checkout-polling';

/** What the buyer sees after coming back from the payment page. */
export type CheckoutOutcome =
  | { state: 'cancelled' }
  /** Paid on the page, but the signed webhook has not arrived yet (or `gaveUp` asking). */
  | { state: 'waiting'; gaveUp: boolean }
  | { state: 'completed'; checkout: Checkout }
  /** Expired or failed: nothing was charged. */
  | { state: 'closed'; checkout: Checkout }
  | { state: 'unknown' };

/**
 * `?checkout=success|cancelled&checkout_id=…` as the payment page sends the buyer back. On
 * success the checkout is asked for until the webhook has completed it; then plan and credits are
 * refreshed, so the balance, the lists and the sidebar card follow.
 */
export function useCheckoutOutcome(result: string | null, checkoutId: string | null): { outcome: CheckoutOutcome | null; checkAgain: () => void } {
  const [round, setRound] = useState(0);
  const key = result === 'success' && checkoutId ? `${checkoutId}#${round}` : null;
  // What the server said for `key`; until it answers, the payment counts as waiting.
  const [polled, setPolled] = useState<{ key: string; outcome: CheckoutOutcome } | null>(null);

  useEffect(() => {
    if (!key || !checkoutId) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const show = (outcome: CheckoutOutcome) => setPolled({ key, outcome });
    const ask = async (attempt: number) => {
      try {
        const checkout = await fetchCheckout(checkoutId);
        if (stopped) return;
        if (checkout.status === 'completed') {
          show({ state: 'completed', checkout });
          await reloadBilling();
          return;
        }
        if (checkout.status !== 'open') {
          show({ state: 'closed', checkout });
          return;
        }
      } catch (error) {
        if (stopped) return;
        if (error instanceof ApiError && (error.status === 404 || error.status === 403)) {
          show({ state: 'unknown' });
          return;
        }
        // Offline or a server hiccup: keep waiting, the next question may get through.
      }
      const gaveUp = attempt + 1 >= MAX_CHECKOUT_POLLS;
      show({ state: 'waiting', gaveUp });
      if (!gaveUp) timer = setTimeout(() => void ask(attempt + 1), checkoutPollDelayMs(attempt));
    };
    void ask(0);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [key, checkoutId]);

  const checkAgain = useCallback(() => setRound((value) => value + 1), []);
  let outcome: CheckoutOutcome | null = null;
  if (result === 'cancelled') outcome = { state: 'cancelled' };
  else if (key) outcome = polled?.key === key ? polled.outcome : { state: 'waiting', gaveUp: false };
  return { outcome, checkAgain };
}
