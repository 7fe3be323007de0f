import { startTransition, useEffect, useState } from 'react';
import { snapshot, subscribe, type Snapshot } from 'valtio';

/**
 * A store's snapshot for a component whose re-render is large (the Dashboard, its checklist).
 *
 * valtio's `useSnapshot` re-renders synchronously on every change: it rests on
 * useSyncExternalStore, whose updates React never defers. During a start-up the answers (accounts,
 * properties, checklist, plan) arrive one by one, and each blocked a phone's main thread for the
 * whole subtree (Lighthouse's total blocking time, docs/performance.md). Here a change re-renders
 * in a transition, which React renders in slices between other work.
 *
 * The price: every change of the store re-renders (no per-property tracking), and for a moment
 * the screen shows the previous value. Right for a screen that shows loaded data; wrong for a
 * field the user types into, which must keep `useSnapshot`.
 */
export function useSnapshotInTransition<T extends object>(state: T): Snapshot<T> {
  const [current, setCurrent] = useState(() => snapshot(state));
  useEffect(() => {
    // valtio returns the same snapshot object while nothing changed, so unchanged state is no render.
    const update = () => startTransition(() => setCurrent(snapshot(state)));
    // A change between the first render and this subscription is not lost.
    update();
    return subscribe(state, update);
  }, [state]);
  return current;
}
