/**
 * Live spaces state (spec 000 §3 "Spaces client state"). Kept apart from the actions in
 * spaces.store.ts so the request layer can read the current space without importing the calls
 * that use it. The current space is per tab (memory); storage only remembers the last choice.
 */
import { proxy } from 'valtio';
import type { Space } from '../../contract/spaces';

export interface SpacesState {
  spaces: Space[];
  currentSpaceId: string | null;
  loading: boolean;
  error: string | null;
  initializing: boolean;
  initialized: boolean;
}

export const initialSpacesState = (): SpacesState => ({
  spaces: [],
  currentSpaceId: null,
  loading: false,
  error: null,
  initializing: false,
  initialized: false,
});

export const spacesState: SpacesState = proxy<SpacesState>(initialSpacesState());

/** The space id sent as X-Space-Id and required by the space context rule. */
export function getCurrentSpaceId(): string | null {
  return spacesState.currentSpaceId;
}
