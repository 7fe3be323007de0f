/**
 * Spaces store (spec 000 §4 "Spaces", §8 loading and create errors): loads the list, picks and
 * remembers the current space, switches, creates, resets with the session.
 */
import { toast } from 'sonner';
import { ApiError, stringField } from '../../api';
import { describeError, logger } from '../../lib/logger';
import {
  announceSpacesEvent,
  getSavedSpaceId,
  initialSpacesState,
  onSessionReset,
  onSpacesEvent,
  runSpaceSwitchHandlers,
  saveSpaceId,
  spacesState,
} from '../../session';
import { fetchSpaces, postSpace, SPACES_TIMEOUT_MS } from './spaces.api';
import type { CreateSpaceInput, Space } from '../../contract/spaces';

export const SPACES_MESSAGES = {
  noSpaces: 'No spaces available',
  fetchTimeout: 'Spaces fetch timeout after 10 seconds',
  network: 'Network error while loading spaces. Please check your connection and try again.',
  forbidden: 'Access denied. You may not have permission to access any spaces in this organization.',
  unauthorized: 'Authentication expired. Please log in again.',
  notFound: 'No spaces found. Contact your administrator to create a space.',
  fetchFailed: 'Failed to fetch spaces',
  initFailed: 'Failed to initialize spaces',
  createFailed: 'Failed to create space',
  resetWhileLoading: 'Spaces were reset while loading',
} as const;

class SupersededError extends Error {}

let runningInit: Promise<void> | null = null;
/** Bumped by reset so a load that finishes after a logout cannot write into the new session. */
let generation = 0;

/** Skipped while running (callers share the run) or once done (spec 000 §4). */
export function initSpaces(): Promise<void> {
  if (runningInit) return runningInit;
  if (spacesState.initialized) return Promise.resolve();
  const run = initialise(generation).finally(() => {
    if (runningInit === run) runningInit = null;
  });
  runningInit = run;
  return run;
}

/** Clears the flags and error, then initialises again. */
export function retrySpaces(): Promise<void> {
  if (runningInit) return runningInit;
  spacesState.initialized = false;
  spacesState.error = null;
  return initSpaces();
}

async function initialise(runGeneration: number): Promise<void> {
  const current = () => runGeneration === generation;
  spacesState.initializing = true;
  spacesState.loading = true;
  spacesState.error = null;
  try {
    const spaces = await withTimeout(fetchSpaces(), SPACES_TIMEOUT_MS, SPACES_MESSAGES.fetchTimeout);
    if (!current()) {
      // A forced set replaced this run: that outcome stands. A reset (the session ended) must not
      // look like success to a sign-in waiting on it.
      if (spacesState.initialized) return;
      throw new SupersededError();
    }
    spacesState.spaces = spaces;
    spacesState.initialized = true;
    if (spaces.length === 0) {
      spacesState.currentSpaceId = null;
      spacesState.error = SPACES_MESSAGES.noSpaces;
      announceSpacesEvent('spaces-ready', { spaces: [], currentSpaceId: null, error: SPACES_MESSAGES.noSpaces });
      return;
    }
    const chosen = chooseSpace(spaces, getSavedSpaceId());
    spacesState.currentSpaceId = chosen.id;
    saveSpaceId(chosen.id);
    announceSpacesEvent('spaces-ready', { spaces, currentSpaceId: chosen.id });
  } catch (error) {
    const reason = error instanceof SupersededError ? SPACES_MESSAGES.resetWhileLoading : loadingErrorMessage(error);
    const failure = new Error(reason ? `${SPACES_MESSAGES.initFailed}: ${reason}` : SPACES_MESSAGES.initFailed, {
      cause: error,
    });
    // Superseded by a reset or forced set: report to the caller, leave the newer state alone.
    if (!current()) throw failure;
    spacesState.spaces = [];
    spacesState.currentSpaceId = null;
    spacesState.initialized = false;
    spacesState.error = reason;
    announceSpacesEvent('spaces-error', { error: reason });
    throw failure;
  } finally {
    if (current()) {
      spacesState.initializing = false;
      spacesState.loading = false;
    }
  }
}

/** The saved id if still listed, else the default space, else the first. */
function chooseSpace(spaces: Space[], savedId: string | null): Space {
  const [first] = spaces as [Space, ...Space[]];
  return spaces.find((s) => s.id === savedId) ?? spaces.find((s) => s.is_default) ?? first;
}

/** Spec 000 §8 "Loading spaces" messages. */
function loadingErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.code === 'NETWORK_ERROR') return SPACES_MESSAGES.network;
    if (error.status === 403) return SPACES_MESSAGES.forbidden;
    if (error.status === 401) return SPACES_MESSAGES.unauthorized;
    if (error.status === 404) return SPACES_MESSAGES.notFound;
    return (
      stringField(error.details, 'message') ??
      stringField(error.details, 'detail') ??
      (error.message || SPACES_MESSAGES.fetchFailed)
    );
  }
  if (error instanceof Error && error.message) return error.message;
  return SPACES_MESSAGES.fetchFailed;
}

/** Returns false when the id is not in the list; otherwise saves it, reloads features, announces. */
export function switchSpace(id: string): boolean {
  const space = spacesState.spaces.find((s) => s.id === id);
  if (!space) return false;
  const previousSpaceId = spacesState.currentSpaceId;
  spacesState.currentSpaceId = space.id;
  // The space being left keeps nothing on the device (spec 000 §4: switching clears its data).
  if (previousSpaceId && previousSpaceId !== space.id) wipeSavedSpace(previousSpaceId);
  saveSpaceId(space.id);
  // Feature stores clear the old space's data and reload for the new one.
  runSpaceSwitchHandlers({ ...space });
  announceSpacesEvent('space-switched', { spaceId: space.id, space: { ...space } });
  return true;
}

/** Dexie loads on demand, so the first screen does not carry it; a failed wipe is only logged. */
function wipeSavedSpace(spaceId: string): void {
  void import('../../db/wipe')
    .then(({ wipeSpace }) => wipeSpace(spaceId))
    .catch((error: unknown) => logger.warn('Could not clear saved data of the previous space', { error: describeError(error) }));
}

/** Creates a space, appends it and switches to it. Failures are stored in `error` and rethrown. */
export async function createSpace(input: CreateSpaceInput): Promise<Space> {
  try {
    const space = await postSpace(input);
    spacesState.spaces = [...spacesState.spaces, space];
    spacesState.error = null;
    switchSpace(space.id);
    return space;
  } catch (error) {
    const message = createErrorMessage(error);
    spacesState.error = message;
    throw error instanceof ApiError
      ? new ApiError(message, error.status, error.code, error.details)
      : new Error(message, { cause: error });
  }
}

/** Spec 000 §8: errorMessage, message or error from the response, else the error's own message. */
function createErrorMessage(error: unknown): string {
  const body = error instanceof ApiError ? error.details : undefined;
  return (
    stringField(body, 'errorMessage') ??
    stringField(body, 'message') ??
    stringField(body, 'error') ??
    (error instanceof Error && error.message ? error.message : SPACES_MESSAGES.createFailed)
  );
}

/** Clears all state and the saved id. */
export function resetSpaces(): void {
  generation += 1;
  runningInit = null;
  Object.assign(spacesState, initialSpacesState());
  saveSpaceId(null);
}

/** Replaces the list and picks the given id, else the default (else the first); announces ready. */
export function setSpacesForced(spaces: Space[], id?: string): void {
  generation += 1;
  runningInit = null;
  const requested = id === undefined ? undefined : spaces.find((s) => s.id === id);
  const chosen = requested ?? spaces.find((s) => s.is_default) ?? spaces[0];
  Object.assign(spacesState, {
    ...initialSpacesState(),
    spaces: [...spaces],
    currentSpaceId: chosen?.id ?? null,
    initialized: true,
    error: spaces.length === 0 ? SPACES_MESSAGES.noSpaces : null,
  });
  saveSpaceId(chosen?.id ?? null);
  announceSpacesEvent(
    'spaces-ready',
    chosen
      ? { spaces: [...spaces], currentSpaceId: chosen.id }
      : { spaces: [], currentSpaceId: null, error: SPACES_MESSAGES.noSpaces },
  );
}

export function getCurrentSpace(): Space | null {
  return spacesState.spaces.find((s) => s.id === spacesState.currentSpaceId) ?? null;
}

function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** What the tab says when the space it was in has gone (deleted or archived, here or elsewhere). */
export function lostSpaceMessage(from: string | null, to: Space | null): string {
  const which = from ? `"${from}"` : 'The space you were in';
  return to
    ? `${which} is no longer available: it was deleted or archived. You are now in "${to.name}".`
    : `${which} is no longer available: it was deleted or archived, and no other space is open to you.`;
}

let recovering: Promise<void> | null = null;

/**
 * Moves the tab out of a space the server no longer knows: reloads the list (the gone space is no
 * longer in it) and switches to the default space, else the first. Several failing requests share
 * one recovery; a report about a space the tab has already left is ignored.
 */
export function recoverFromLostSpace(lostId: string): Promise<void> {
  if (recovering) return recovering;
  if (spacesState.currentSpaceId !== lostId) return Promise.resolve();
  const runGeneration = generation;
  const from = spacesState.spaces.find((space) => space.id === lostId)?.name ?? null;
  const run = (async () => {
    const spaces = await fetchSpaces();
    // Signed out, or another tab action replaced the list meanwhile: that outcome stands.
    if (runGeneration !== generation || spacesState.currentSpaceId !== lostId) return;
    const remaining = spaces.filter((space) => space.id !== lostId);
    const next = remaining.find((space) => space.is_default) ?? remaining[0] ?? null;
    spacesState.spaces = remaining;
    if (next) switchSpace(next.id);
    else {
      spacesState.currentSpaceId = null;
      spacesState.error = SPACES_MESSAGES.noSpaces;
      saveSpaceId(null);
      announceSpacesEvent('spaces-ready', { spaces: [], currentSpaceId: null, error: SPACES_MESSAGES.noSpaces });
    }
    announceSpacesEvent('space-lost', { from, to: next ? { ...next } : null });
    toast.warning(lostSpaceMessage(from, next));
  })()
    .catch((error: unknown) => {
      logger.warn('Could not move out of a space that is gone', { error: describeError(error) });
    })
    .finally(() => {
      if (recovering === run) recovering = null;
    });
  recovering = run;
  return run;
}

/** Replaces the listed copy of a space (after a rename), or drops it (archived or deleted here). */
export function applySpaceChange(space: Space | null, removedId?: string): void {
  if (space) spacesState.spaces = spacesState.spaces.map((listed) => (listed.id === space.id ? { ...space } : listed));
  if (removedId && removedId !== spacesState.currentSpaceId) {
    spacesState.spaces = spacesState.spaces.filter((listed) => listed.id !== removedId);
  }
}

onSessionReset(resetSpaces);
onSpacesEvent('space-unavailable', ({ spaceId }) => void recoverFromLostSpace(spaceId));
