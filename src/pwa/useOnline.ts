import { useSnapshot } from 'valtio';
import { connectivity } from './connectivity.store';

/** True while the server is reachable; screens use it to disable actions that need the network. */
export function useOnline(): boolean {
  return useSnapshot(connectivity).online;
}
