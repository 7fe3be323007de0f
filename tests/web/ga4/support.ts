/** Shared set-up for the analytics screens: fresh stores, device data and fake backend per test. */
import { resetDashboard } from '../../../src/features/ga4/dashboard/dashboard.store';
import { resetGa4 } from '../../../src/features/ga4/connections/ga4.store';
import { presetDates } from '../../../src/contract/dashboard-range';
import { wipeAll } from '../../../src/db';
import { installFakeApi, type FakeApi } from '../app/support/fake-api';
import { installFakeGa4, type FakeGa4 } from './fake-ga4';

/** Forgets what the stores hold in memory, as a fresh page load would (the device data stays). */
export function freshPageLoad(): void {
  resetGa4();
  resetDashboard();
}

/** A fake backend with Google Analytics behind it, no device data, and the stores as on a fresh page load. */
export async function freshAnalyticsBackend(): Promise<{ api: FakeApi; ga4: FakeGa4 }> {
  const api = installFakeApi();
  const ga4 = installFakeGa4(api);
  await wipeAll();
  freshPageLoad();
  return { api, ga4 };
}

export const todayRange = (range: string) => presetDates(range, new Date());

/** A failed connection as fetch reports it (the catalogue's NETWORK_ERROR). */
export function offline(): never {
  throw new TypeError('Failed to fetch');
}
