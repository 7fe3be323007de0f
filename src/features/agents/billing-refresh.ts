/**
 * After a chat or an Agent Mode run is charged, refunded or cancelled the credit figures elsewhere
 * in the app should update: the billing store asks for them again (billing.store.ts creditsChanged).
 */
export { creditsChanged as announceCharge } from '../billing/billing.store';
