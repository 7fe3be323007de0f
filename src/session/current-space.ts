/**
 * Live spaces state (spec 000 §3 "Spaces client state"). The actions that load, switch and create
 * spaces live in features/spaces/spaces.store.ts; the request layer reads the current space here
 * for X-Space-Id. The current space is per tab (memory); storage only remembers the last choice.
 */
import { proxy } from 'valtio';
import type { Space } from './wire-types';

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
