/**
 * What the dashboard last saw, kept on the device so it still shows offline with "Last updated …"
 * (DESIGN.md §2: server → Dexie → UI). Rows live in the shared `meta` table under the space, so a
 * space switch and logout remove them with everything else of that space.
 */
import type { DashboardMetrics, Ga4LinkedProperty } from '../connections/ga4.types';

const LINKED = 'ga4-linked-properties';
const dashboardName = (propertyId: string, rangeKey: string) => `ga4-dashboard/${propertyId}/${rangeKey}`;

/** Dexie is loaded on first use, so the screens' first paint does not wait for it. */
const loadDb = () => import('../../db');

export interface SavedDashboard {
  metrics: DashboardMetrics;
  propertyId: string;
  rangeKey: string;
  isDemo: boolean;
  /** Epoch ms of the fetch. */
  savedAt: number;
}

/**
 * IndexedDB cannot store live store objects (valtio proxies fail the structured clone), and the
 * figures are plain JSON from the server anyway: save a plain copy.
 */
function plain<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

function isSavedDashboard(value: unknown): value is SavedDashboard {
  return typeof value === 'object' && value !== null && 'metrics' in value && 'savedAt' in value;
}

export async function saveDashboard(spaceId: string, saved: SavedDashboard): Promise<void> {
  const { db, metaKey } = await loadDb();
  const name = dashboardName(saved.propertyId, saved.rangeKey);
  await db.meta.put({ key: metaKey(name, spaceId), name, spaceId, value: plain(saved), updatedAt: saved.savedAt });
}

export async function readDashboard(spaceId: string, propertyId: string, rangeKey: string): Promise<SavedDashboard | null> {
  const { db, metaKey } = await loadDb();
  const row = await db.meta.get(metaKey(dashboardName(propertyId, rangeKey), spaceId));
  return isSavedDashboard(row?.value) ? row.value : null;
}

export async function saveLinkedProperties(spaceId: string, linked: Ga4LinkedProperty[]): Promise<void> {
  const { db, metaKey } = await loadDb();
  const now = Date.now();
  await db.meta.put({ key: metaKey(LINKED, spaceId), name: LINKED, spaceId, value: plain(linked), updatedAt: now });
}

export async function readLinkedProperties(spaceId: string): Promise<Ga4LinkedProperty[] | null> {
  const { db, metaKey } = await loadDb();
  const row = await db.meta.get(metaKey(LINKED, spaceId));
  return Array.isArray(row?.value) ? (row.value as Ga4LinkedProperty[]) : null;
}
