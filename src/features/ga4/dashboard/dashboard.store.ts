/**
 * The analytics dashboard's live state (valtio): the chosen range, the metrics on screen, loading
 * and the last failure. Every fetch is saved on the device (ga4.cache) so the dashboard still shows
 * the last figures offline, with their time.
 */
import { proxy } from 'valtio';
import { describeError, logger } from '../../../lib/logger';
import { getCurrentSpaceId, onSessionReset, onSpacesEvent, onSpaceSwitch } from '../../../session';
import { dashboardReports, toDashboardMetrics } from '../../../contract/dashboard-metrics';
import { DEFAULT_RANGE, rangeKey, rangeToDates, type DashboardRange } from '../../../contract/dashboard-range';
import { postReport } from '../connections/ga4.api';
import { readDashboard, saveDashboard, type SavedDashboard } from '../connections/ga4.cache';
import { isUnreachable, type Ga4Failure } from '../connections/ga4-errors';
import { ga4State, noteGa4Failure, requireSelectedProperty } from '../connections/ga4.store';

export interface DashboardState {
  range: DashboardRange;
  /** The figures on screen (fresh, or the device's saved copy). */
  shown: SavedDashboard | null;
  /** `shown` is the device's saved copy because the server could not be reached. */
  fromDevice: boolean;
  loading: boolean;
  error: Ga4Failure | null;
}

const initialState = (): DashboardState => ({
  range: { kind: 'preset', range: DEFAULT_RANGE },
  shown: null,
  fromDevice: false,
  loading: false,
  error: null,
});

export const dashboardState = proxy<DashboardState>(initialState());

/** Spec 001 §9: the dashboard waits up to 8 s for spaces before giving up. */
export const SPACE_WAIT_MS = 8000;

let latest = 0;
let inFlight: AbortController | null = null;

/** Resolves with the current space id once spaces are ready, or null after `ms`. */
function waitForSpace(ms: number): Promise<string | null> {
  const now = getCurrentSpaceId();
  if (now) return Promise.resolve(now);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      stop();
      resolve(getCurrentSpaceId());
    }, ms);
    const stop = onSpacesEvent('spaces-ready', ({ currentSpaceId }) => {
      clearTimeout(timer);
      stop();
      resolve(currentSpaceId);
    });
  });
}

/** Demo figures get a badge: the server says so, else every connected account is a demo one. */
function isDemoData(reportSaysDemo: boolean | undefined, linkedSaysDemo: boolean | undefined): boolean {
  if (reportSaysDemo !== undefined) return reportSaysDemo;
  if (linkedSaysDemo !== undefined) return linkedSaysDemo;
  return ga4State.accounts.length > 0 && ga4State.accounts.every((account) => account.is_demo);
}

/** The load running now and the view (space, property, range) it fetches. */
let running: { view: string; done: Promise<void> } | null = null;

/**
 * Loads the three reports for the selected property and range. Shows the saved copy at once if
 * there is one, then the fresh figures. Never throws: a failure lands in `error`.
 *
 * A second call for the same view while one runs joins it (a screen mounted twice, or its effect
 * and a user's action at the same moment): the reports go once.
 */
export function loadDashboard(): Promise<void> {
  const view = [getCurrentSpaceId(), ga4State.selectedPropertyId, rangeKey(dashboardState.range)].join('|');
  if (running?.view === view) return running.done;
  const done = fetchDashboard().finally(() => {
    if (running?.done === done) running = null;
  });
  running = { view, done };
  return done;
}

async function fetchDashboard(): Promise<void> {
  const run = ++latest;
  inFlight?.abort();
  const controller = new AbortController();
  inFlight = controller;
  const current = () => run === latest;
  dashboardState.loading = true;
  dashboardState.error = null;
  try {
    const spaceId = await waitForSpace(SPACE_WAIT_MS);
    const property = requireSelectedProperty();
    const key = rangeKey(dashboardState.range);
    const saved = spaceId ? await readDashboard(spaceId, property.ga4_property_id, key).catch(() => null) : null;
    if (!current()) return;
    const showing = dashboardState.shown;
    if (saved && (showing?.propertyId !== saved.propertyId || showing.rangeKey !== key)) {
      dashboardState.shown = saved;
      dashboardState.fromDevice = true;
    }
    const reports = dashboardReports(property.ga4_property_id, rangeToDates(dashboardState.range, new Date()));
    try {
      const [kpis, channels, series] = await Promise.all([
        postReport(reports.kpis, controller.signal),
        postReport(reports.channels, controller.signal),
        postReport(reports.series, controller.signal),
      ]);
      if (!current()) return;
      const fresh: SavedDashboard = {
        metrics: toDashboardMetrics(kpis, channels, series),
        propertyId: property.ga4_property_id,
        rangeKey: key,
        isDemo: isDemoData(kpis.is_demo, property.is_demo),
        savedAt: Date.now(),
      };
      dashboardState.shown = fresh;
      dashboardState.fromDevice = false;
      ga4State.authError = false;
      if (spaceId) {
        await saveDashboard(spaceId, fresh).catch((error: unknown) =>
          logger.warn('Could not save the dashboard on this device', { error: describeError(error) }),
        );
      }
    } catch (error) {
      if (!current()) return;
      const failure = noteGa4Failure(error);
      // Offline with a saved copy: show it calmly ("Last updated …") instead of an error.
      if (saved && isUnreachable(error)) dashboardState.fromDevice = true;
      else {
        const shown = dashboardState.shown;
        const sameView = shown?.propertyId === property.ga4_property_id && shown.rangeKey === key;
        if (!sameView) dashboardState.shown = saved;
        dashboardState.error = failure;
      }
    }
  } catch (error) {
    // No property selected (or nothing linked yet): spec 001 §5's message.
    if (current()) dashboardState.error = noteGa4Failure(error);
  } finally {
    if (current()) {
      dashboardState.loading = false;
      inFlight = null;
    }
  }
}

/** A new range (preset or checked custom dates) refetches. */
export function setRange(range: DashboardRange): Promise<void> {
  dashboardState.range = range;
  return loadDashboard();
}

export function resetDashboard(): void {
  latest += 1;
  inFlight?.abort();
  inFlight = null;
  running = null;
  Object.assign(dashboardState, initialState());
}

onSessionReset(resetDashboard);
onSpaceSwitch(() => {
  // The range is the user's choice and stays; the figures belong to the old space.
  const range = dashboardState.range;
  resetDashboard();
  dashboardState.range = range;
});
