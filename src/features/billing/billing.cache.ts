/**
 * The last plan and credits seen for a space, kept on the device so the sidebar card and the
 * Credits screen still show them offline (DESIGN.md §2: server → Dexie → UI).
 */
import type { Credits, Plan } from './billing.types';

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
  const now = Date.now();
  const { db, metaKey } = await loadDb();
  await db.meta.put({ key: metaKey(SUMMARY, spaceId), name: SUMMARY, spaceId, value: summary, updatedAt: now });
}

export async function readBillingSummary(spaceId: string): Promise<BillingSummary | null> {
  const { db, metaKey } = await loadDb();
  const row = await db.meta.get(metaKey(SUMMARY, spaceId));
  return row && typeof row.value === 'object' && row.value !== null ? (row.value as BillingSummary) : null;
}
