/**
 * How often the return screen asks whether a payment was confirmed: quickly at first (card
 * payments are confirmed within seconds), then every 5 s, for about three minutes. Its own module
 * so tests can ask without waiting.
 */
const DELAYS_MS = [1000, 2000, 3000];
const STEADY_DELAY_MS = 5000;
export const MAX_CHECKOUT_POLLS = 40;

export function checkoutPollDelayMs(attempt: number): number {
  return DELAYS_MS[attempt] ?? STEADY_DELAY_MS;
}
