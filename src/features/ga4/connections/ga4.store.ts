/**
 * Live GA4 connection state (valtio): connected accounts, auth status, the properties they can
 * read, the space's linked properties and which one the dashboard shows, and the auth-error flag
 * (spec 001 §4). Connections, Manage GA4 Properties and the Dashboard all read it.
 */
import { proxy } from 'valtio';
import { describeError, logger } from '../../../lib/logger';
import { getCurrentSpaceId, onSessionReset, onSpaceSwitch } from '../../../session';
import type { Ga4Account, Ga4AuthStatus, Ga4LinkedProperty, Ga4Property } from '../../../contract/ga4';
import * as api from './ga4.api';
import { whenIdle } from '../../../pwa/when-idle';
import { readLinkedProperties, saveLinkedProperties } from './ga4.cache';
import { GA4_MESSAGES, Ga4Error, isUnreachable, toGa4Failure, type Ga4Failure } from './ga4-errors';
import { clearSelectedProperties, readSelectedProperty, saveSelectedProperty } from './selected-property';

export interface Ga4State {
  accounts: Ga4Account[];
  authStatus: Ga4AuthStatus | null;
  /** Properties the connected accounts can read (Manage GA4 Properties). */
  properties: Ga4Property[];
  linkedProperties: Ga4LinkedProperty[];
  /** ga4_property_id of the property the dashboard shows. */
  selectedPropertyId: string | null;
  /** Set by token or permission errors, cleared by temporary ones (spec 001 §4). */
  authError: boolean;
  accountsLoaded: boolean;
  propertiesLoaded: boolean;
  linkedLoaded: boolean;
  /** The linked list is the device's saved copy: the server could not be reached. */
  linkedFromDevice: boolean;
  loadingAccounts: boolean;
  loadingProperties: boolean;
  loadingLinked: boolean;
  /** The last failure of a load, shown by the screen that asked. */
  error: Ga4Failure | null;
  /** ids of accounts, properties or links with a change in flight, so their buttons show it. */
  pending: string[];
}

const initialState = (): Ga4State => ({
  accounts: [],
  authStatus: null,
  properties: [],
  linkedProperties: [],
  selectedPropertyId: null,
  authError: false,
  accountsLoaded: false,
  propertiesLoaded: false,
  linkedLoaded: false,
  linkedFromDevice: false,
  loadingAccounts: false,
  loadingProperties: false,
  loadingLinked: false,
  error: null,
  pending: [],
});

export const ga4State = proxy<Ga4State>(initialState());

/** Bumped by a reset (space switch, logout) so answers for the old space are dropped. */
let generation = 0;

/** Records a failure: sets or clears the auth-error flag by its kind, and returns it. */
export function noteGa4Failure(error: unknown): Ga4Failure {
  const failure = toGa4Failure(error);
  if (failure.kind === 'auth') ga4State.authError = true;
  if (failure.kind === 'temporary') ga4State.authError = false;
  return failure;
}

/** A call that worked proves the connection is fine again. */
function noteSuccess(): void {
  ga4State.authError = false;
}

/** Keeps the selection valid: the saved choice if still linked, else the first linked, else none. */
function reconcileSelection(): void {
  const linked = ga4State.linkedProperties;
  const spaceId = getCurrentSpaceId();
  const current = ga4State.selectedPropertyId;
  if (current && linked.some((p) => p.ga4_property_id === current)) return;
  const saved = spaceId ? readSelectedProperty(spaceId) : null;
  const next = linked.find((p) => p.ga4_property_id === saved)?.ga4_property_id ?? linked[0]?.ga4_property_id ?? null;
  ga4State.selectedPropertyId = next;
  if (spaceId && linked.length > 0) saveSelectedProperty(spaceId, next);
}

export function selectProperty(propertyId: string): void {
  if (!ga4State.linkedProperties.some((p) => p.ga4_property_id === propertyId)) return;
  ga4State.selectedPropertyId = propertyId;
  const spaceId = getCurrentSpaceId();
  if (spaceId) saveSelectedProperty(spaceId, propertyId);
}

/** The selected linked property; a report without one fails with 'No GA4 property selected'. */
export function requireSelectedProperty(): Ga4LinkedProperty {
  const selected = ga4State.linkedProperties.find((p) => p.ga4_property_id === ga4State.selectedPropertyId);
  if (!selected) throw new Error(GA4_MESSAGES.noPropertySelected);
  return selected;
}

/** Accounts and auth status (Connections). Never throws: failures land in `error`. */
export async function loadAccounts(): Promise<void> {
  const run = generation;
  ga4State.loadingAccounts = true;
  const [accounts, status] = await Promise.allSettled([api.fetchAccounts(), api.fetchAuthStatus()]);
  if (run !== generation) return;
  ga4State.loadingAccounts = false;
  if (accounts.status === 'fulfilled') {
    ga4State.accounts = accounts.value;
    ga4State.accountsLoaded = true;
  }
  if (status.status === 'fulfilled') ga4State.authStatus = status.value;
  const failed = [accounts, status].find((r): r is PromiseRejectedResult => r.status === 'rejected');
  ga4State.error = failed ? noteGa4Failure(failed.reason) : null;
}

/** Properties every connected account can read (Manage GA4 Properties). */
export async function loadProperties(accountId?: string): Promise<void> {
  const run = generation;
  ga4State.loadingProperties = true;
  try {
    const body = await api.fetchProperties(accountId);
    if (run !== generation) return;
    ga4State.properties = body.properties ?? [];
    if (body.accounts && !accountId) {
      ga4State.accounts = body.accounts;
      ga4State.accountsLoaded = true;
    }
    ga4State.propertiesLoaded = true;
    ga4State.error = null;
    noteSuccess();
  } catch (error) {
    if (run === generation) ga4State.error = noteGa4Failure(error);
  } finally {
    if (run === generation) ga4State.loadingProperties = false;
  }
}

/** How long a fetched list may wait for the browser to be idle before it is written to the device. */
const SAVE_WITHIN_MS = 5_000;

/**
 * The device's copy is only read offline, later: it is written when the browser is idle, so the
 * list shows at once and opening the device store (Dexie's code and the database) is not part of a
 * signed-in start (docs/performance.md). A reset meanwhile (space switch, sign-out) drops it.
 */
function saveLinkedWhenIdle(spaceId: string, linked: Ga4LinkedProperty[], run: number): void {
  whenIdle(() => {
    if (run === generation) void saveLinkedProperties(spaceId, linked).catch(logSaveFailure);
  }, SAVE_WITHIN_MS);
}

/** The space's linked properties; offline, the list this device saw last. */
export async function loadLinkedProperties(): Promise<void> {
  const run = generation;
  const spaceId = getCurrentSpaceId();
  ga4State.loadingLinked = true;
  try {
    const linked = await api.fetchLinkedProperties();
    if (run !== generation) return;
    setLinked(linked, false);
    ga4State.error = null;
    if (spaceId) saveLinkedWhenIdle(spaceId, linked, run);
  } catch (error) {
    if (run !== generation) return;
    const saved = spaceId && isUnreachable(error) ? await readLinkedProperties(spaceId).catch(() => null) : null;
    if (run !== generation) return;
    if (saved) setLinked(saved, true);
    else ga4State.error = noteGa4Failure(error);
  } finally {
    if (run === generation) ga4State.loadingLinked = false;
  }
}

function setLinked(linked: Ga4LinkedProperty[], fromDevice: boolean): void {
  ga4State.linkedProperties = linked;
  ga4State.linkedLoaded = true;
  ga4State.linkedFromDevice = fromDevice;
  reconcileSelection();
}

function logSaveFailure(error: unknown): void {
  logger.warn('Could not save GA4 data on this device', { error: describeError(error) });
}

/** Runs a change with its id marked pending; failures are mapped, recorded and rethrown. */
async function change<T>(id: string, work: () => Promise<T>): Promise<T> {
  ga4State.pending = [...ga4State.pending, id];
  try {
    const result = await work();
    noteSuccess();
    return result;
  } catch (error) {
    throw new Ga4Error(noteGa4Failure(error));
  } finally {
    ga4State.pending = ga4State.pending.filter((pendingId) => pendingId !== id);
  }
}

/** Links a property to the space; the first linked property becomes the selected one. */
export function linkProperty(property: Ga4Property): Promise<Ga4LinkedProperty> {
  return change(property.property_id, async () => {
    const linked = await api.postLink({
      google_oauth_account_id: property.account_id,
      ga4_property_id: property.property_id,
      ga4_property_display_name: property.display_name,
    });
    const others = ga4State.linkedProperties.filter((p) => p.ga4_property_id !== linked.ga4_property_id);
    setLinked([...others, linked], ga4State.linkedFromDevice);
    await saveCurrentLinked();
    return linked;
  });
}

/** Unlinks; if it was the selected property, the selection moves to the first remaining one. */
export function unlinkProperty(linkedId: string): Promise<void> {
  return change(linkedId, async () => {
    await api.deleteLink(linkedId);
    setLinked(
      ga4State.linkedProperties.filter((p) => p.id !== linkedId),
      ga4State.linkedFromDevice,
    );
    await saveCurrentLinked();
  });
}

/** Removes a connected account; its properties and links go with it. Resolves to the server's message. */
export function removeAccount(accountId: string): Promise<string> {
  return change(accountId, async () => {
    const response = await api.deleteAccount(accountId);
    ga4State.accounts = ga4State.accounts.filter((a) => a.id !== accountId);
    ga4State.properties = ga4State.properties.filter((p) => p.account_id !== accountId);
    // The server drops the account's links in every space; ask rather than guess which were its.
    void loadLinkedProperties();
    void api.fetchAuthStatus().then(
      (status) => (ga4State.authStatus = status),
      () => undefined,
    );
    return response?.message || GA4_MESSAGES.accountRemoved;
  });
}

/** Where to send the browser to connect an account. */
export function startConnect(): Promise<string> {
  return change('connect', () => api.fetchOAuthStartUrl());
}

async function saveCurrentLinked(): Promise<void> {
  const spaceId = getCurrentSpaceId();
  if (spaceId) await saveLinkedProperties(spaceId, [...ga4State.linkedProperties]).catch(logSaveFailure);
}

/** True once any GA4 data was asked for, so a space switch knows to reload it. */
function inUse(): boolean {
  return ga4State.accountsLoaded || ga4State.linkedLoaded || ga4State.propertiesLoaded;
}

export function resetGa4(): void {
  generation += 1;
  Object.assign(ga4State, initialState());
}

onSessionReset(() => {
  resetGa4();
  clearSelectedProperties();
});
// Spec 001 §4: a space switch clears GA4 data and reloads it for the new space.
onSpaceSwitch(async () => {
  const reload = inUse();
  resetGa4();
  if (reload) await Promise.all([loadLinkedProperties(), loadAccounts()]);
});
