/**
 * After a chat is charged, refunded or cancelled the credit figures elsewhere in the app should
 * update. The billing store listens for this window event (CREDITS_CHANGED_EVENT) and refreshes.
 */
import { CREDITS_CHANGED_EVENT } from '../billing/billing.store';

export function announceCharge(): void {
  window.dispatchEvent(new CustomEvent(CREDITS_CHANGED_EVENT));
}
