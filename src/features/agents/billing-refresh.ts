/**
 * After a chat's run is refunded or cancelled, a regeneration charged, or an Agent Mode run
 * charged or refunded, the credit figures elsewhere in the app should update: the billing store
 * asks for them again (billing.store.ts creditsChanged). A chat send needs none of it: its own
 * answers carry the balance (send/deliver.ts, send/confirm-charge.ts).
 */
export { creditsChanged as announceCharge } from '../billing/billing.store';
