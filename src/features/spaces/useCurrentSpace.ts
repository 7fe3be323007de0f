import { useSnapshot } from 'valtio';
import type { Space } from '../../contract/spaces';
import { spacesState } from '../../session';

/** The space the person works in now, or null while spaces load (or when there are none). */
export function useCurrentSpace(): Space | null {
  const { spaces, currentSpaceId } = useSnapshot(spacesState);
  return spaces.find((space) => space.id === currentSpaceId) ?? null;
}
