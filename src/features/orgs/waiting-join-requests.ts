/**
 * The sidebar's badge on Manage Users: how many join requests wait for an owner's or admin's answer.
 * The orgs store (orgs.store.ts) holds the list (Manage Users approves and denies from it, so the badge
 * follows at once); its code loads after the shell's first paint, so the badge costs the signed-in
 * start nothing. The list is asked for again when the person comes back to the tab.
 */
import { useEffect } from 'react';
import { proxy, subscribe, useSnapshot } from 'valtio';
import { whenIdle } from '../../pwa/when-idle';

export const waitingJoinRequests = proxy({ count: 0 });

/** After the first paint and its follow-up work: the browser's next idle moment, or this long at most. */
const START_WITHIN_MS = 2_000;

export function useWaitingJoinRequests(enabled: boolean): number {
  const { count } = useSnapshot(waitingJoinRequests);
  useEffect(() => {
    if (!enabled) return;
    let stopped = false;
    let unsubscribe = () => {};
    let reload = () => {};
    const start = async () => {
      const { orgAdminState, loadJoinRequests } = await import('./orgs.store');
      if (stopped) return;
      const update = () => {
        waitingJoinRequests.count = orgAdminState.joinRequests.pendingCount;
      };
      unsubscribe = subscribe(orgAdminState, update);
      update();
      reload = () => {
        if (document.visibilityState === 'visible' && !orgAdminState.joinRequests.loading) void loadJoinRequests();
      };
      if (!orgAdminState.joinRequests.loaded) reload();
    };
    const cancelStart = whenIdle(() => void start(), START_WITHIN_MS);
    const onVisible = () => reload();
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      stopped = true;
      cancelStart();
      document.removeEventListener('visibilitychange', onVisible);
      unsubscribe();
      waitingJoinRequests.count = 0;
    };
  }, [enabled]);
  return enabled ? count : 0;
}
