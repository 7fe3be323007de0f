/**
 * The last plan and credits seen for a space, kept on the device so the sidebar card and the
 * Credits screen still show them offline (DESIGN.md §2: server → Dexie → UI).
 */
import { db, metaKey } from '../../db';
import type { Credits, Plan } from './billing.types';

const SUMMARY = 'billing-summary';

export interface BillingSummary {
  plan: Plan | null;
  credits: Credits | null;
}

export async function saveBillingSummary(spaceId: string, summary: BillingSummary): Promise<void> {
  const now = Date.now();
  await db.meta.put({ key: metaKey(SUMMARY, spaceId), name: SUMMARY, spaceId, value: summary, updatedAt: now });
}

export async function readBillingSummary(spaceId: string): Promise<BillingSummary | null> {
  const row = await db.meta.get(metaKey(SUMMARY, spaceId));
  return row && typeof row.value === 'object' && row.value !== null ? (row.value as BillingSummary) : null;
}
