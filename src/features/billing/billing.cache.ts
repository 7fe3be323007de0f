/**
 * The last plan and credits seen for a space, kept on the device so the sidebar card and the
 * Credits screen still show them offline (server → Dexie → UI: docs/pwa.md "The pieces").
 */
import type { Credits, Plan } from '../../contract/billing';

const SUMMARY = 'billing-summary';

/**
 * Dexie (~30 KB gzip) is loaded on first use instead of with the billing store: the store is part
 * of the signed-out Pricing screen and the shell's plan card, which can paint before it.
 */
const loadDb = () => import('../../db');

export interface BillingSummary {
  plan: Plan | null;
  credits: Credits | null;
}

export async function saveBillingSummary(spaceId: string, summary: BillingSummary): Promise<void> {
  await (await loadDb()).saveValue(SUMMARY, spaceId, summary);
}

export async function readBillingSummary(spaceId: string): Promise<BillingSummary | null> {
  const value = await (await loadDb()).readValue(SUMMARY, spaceId);
  return typeof value === 'object' && value !== null ? (value as BillingSummary) : null;
}
