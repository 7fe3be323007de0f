/**
 * What the dashboard last saw, kept on the device so it still shows offline with "Last updated …"
 * (server → Dexie → UI: docs/pwa.md "The pieces"). Rows live in the shared `meta` table under the space, so a
 * space switch and logout remove them with everything else of that space.
 */
import type { DashboardMetrics, Ga4LinkedProperty } from '../../../contract/ga4';

const LINKED = 'ga4-linked-properties';
const dashboardName = (propertyId: string, rangeKey: string) => `ga4-dashboard/${propertyId}/${rangeKey}`;

/** Dexie is loaded on first use, so the screens' first paint does not wait for it. */
const loadDb = () => import('../../../db');

export interface SavedDashboard {
  metrics: DashboardMetrics;
  propertyId: string;
  rangeKey: string;
  isDemo: boolean;
  /** Epoch ms of the fetch. */
  savedAt: number;
}

function isSavedDashboard(value: unknown): value is SavedDashboard {
  return typeof value === 'object' && value !== null && 'metrics' in value && 'savedAt' in value;
}

export async function saveDashboard(spaceId: string, saved: SavedDashboard): Promise<void> {
  await (await loadDb()).saveValue(dashboardName(saved.propertyId, saved.rangeKey), spaceId, saved, saved.savedAt);
}

export async function readDashboard(spaceId: string, propertyId: string, rangeKey: string): Promise<SavedDashboard | null> {
  const value = await (await loadDb()).readValue(dashboardName(propertyId, rangeKey), spaceId);
  return isSavedDashboard(value) ? value : null;
}

export async function saveLinkedProperties(spaceId: string, linked: Ga4LinkedProperty[]): Promise<void> {
  await (await loadDb()).saveValue(LINKED, spaceId, linked);
}

export async function readLinkedProperties(spaceId: string): Promise<Ga4LinkedProperty[] | null> {
  const value = await (await loadDb()).readValue(LINKED, spaceId);
  return Array.isArray(value) ? (value as Ga4LinkedProperty[]) : null;
}
