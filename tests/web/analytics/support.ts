/** Shared set-up for the analytics screens: fresh stores, device data and fake backend per test. */
import { resetDashboard } from '../../../src/features/analytics/dashboard/dashboard.store';
import { resetGa4 } from '../../../src/features/analytics/ga4/ga4.store';
import { presetDates } from '../../../src/contract/dashboard-range';

/** Forgets what the stores hold in memory, as a fresh page load would (the device data stays). */
export function freshPageLoad(): void {
  resetGa4();
  resetDashboard();
}

export const todayRange = (range: string) => presetDates(range, new Date());

/** A failed connection as fetch reports it (the catalogue's NETWORK_ERROR). */
export function offline(): never {
  throw new TypeError('Failed to fetch');
}
