/**
 * Leaving the app for the payment provider's page (Stripe Checkout). Kept in its own module: it is
 * the one place billing does a full-page navigation, and tests replace it at this edge.
 */
export function leaveAppForCheckout(url: string): void {
  window.location.assign(url);
}
