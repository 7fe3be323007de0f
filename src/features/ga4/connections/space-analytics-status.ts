/**
 * One analytics status per space, computed from the GA4 store: what Connections, the Dashboard and
 * the first-run checklist all say about the current space. The space's linked properties decide
 * (they are what the dashboard and the agents read, whoever linked them); the person's own Google
 * accounts and their auth status only say what to do next when nothing is linked yet. So a member
 * sees "Connected" wherever an owner linked a property, and a new space says "Not connected" on
 * every screen even when the person's Google account works elsewhere.
 */
import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import type { Ga4LinkedProperty } from '../../../contract/ga4';
import { spacesState } from '../../../session';
import { ga4State, loadAccounts, loadLinkedProperties, type Ga4State } from './ga4.store';
import type { Ga4Failure } from './ga4-errors';

export type SpaceAnalyticsStatus =
  /** Not known yet: the linked properties have not arrived. */
  | { kind: 'loading' }
  /** The linked properties could not be read (and no copy is on this device). */
  | { kind: 'unavailable'; failure: Ga4Failure }
  /** At least one property is linked: the dashboard has figures. */
  | { kind: 'connected'; properties: readonly Ga4LinkedProperty[]; accountNeedsAttention: boolean }
  /** Nothing linked here, but the person has a working Google account: a property is one step away. */
  | { kind: 'account-not-linked' }
  /** Nothing linked here, and the person's accounts need reconnecting. */
  | { kind: 'reconnect' }
  /** Nothing linked here and no Google account connected. */
  | { kind: 'not-connected' };

type StatusInputs = Readonly<{
  [K in 'linkedLoaded' | 'error' | 'loadingLinked' | 'authStatus' | 'accountsLoaded' | 'loadingAccounts']: Ga4State[K];
}> & {
  readonly linkedProperties: readonly Ga4LinkedProperty[];
  readonly accounts: readonly unknown[];
};

export function spaceAnalyticsStatus(state: StatusInputs): SpaceAnalyticsStatus {
  const auth = state.authStatus?.status ?? null;
  const needsAttention = auth === 'auth_expired' || auth === 'partial_auth' || auth === 'error';
  if (state.linkedLoaded && state.linkedProperties.length > 0) {
    return { kind: 'connected', properties: state.linkedProperties, accountNeedsAttention: needsAttention };
  }
  if (!state.linkedLoaded) {
    return state.error && !state.loadingLinked ? { kind: 'unavailable', failure: state.error } : { kind: 'loading' };
  }
  // Nothing linked: the person's accounts say what comes next, so wait for them (a failed load of
  // the accounts falls through to "not connected", which offers connecting).
  if (!state.accountsLoaded && !state.authStatus && state.loadingAccounts) return { kind: 'loading' };
  if (auth === 'auth_expired' || auth === 'error') return { kind: 'reconnect' };
  const hasAccount = state.accounts.length > 0 || (state.authStatus?.accounts_count ?? 0) > 0;
  return hasAccount ? { kind: 'account-not-linked' } : { kind: 'not-connected' };
}

/** The badge every screen shows for a status, in the same words and colour. */
export const STATUS_BADGES: Record<SpaceAnalyticsStatus['kind'], { text: string; color: 'green' | 'amber' | 'red' | 'gray' }> = {
  loading: { text: 'Checking…', color: 'gray' },
  unavailable: { text: 'Status unknown', color: 'gray' },
  connected: { text: 'Connected', color: 'green' },
  'account-not-linked': { text: 'No property linked', color: 'amber' },
  reconnect: { text: 'Reconnect needed', color: 'red' },
  'not-connected': { text: 'Not connected', color: 'gray' },
};

/**
 * The current space's analytics status, loading what it needs (linked properties, accounts and
 * auth status) when the screen opens and when the space changes. Every screen that states the
 * status uses this, or `spaceAnalyticsStatus` with `useSpaceAnalyticsLoads`, so they cannot disagree.
 */
export function useSpaceAnalyticsStatus(): SpaceAnalyticsStatus {
  const { currentSpaceId } = useSnapshot(spacesState);
  const ga4 = useSnapshot(ga4State);
  useSpaceAnalyticsLoads(currentSpaceId);
  return spaceAnalyticsStatus(ga4);
}

/** Loads what the status is made of when a screen opens and when the space changes. */
export function useSpaceAnalyticsLoads(currentSpaceId: string | null): void {
  useEffect(() => {
    void loadLinkedProperties();
    void loadAccounts();
  }, [currentSpaceId]);
}
