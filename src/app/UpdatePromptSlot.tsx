import { lazy, Suspense } from 'react';
import { useSnapshot } from 'valtio';
import { updateState } from '../pwa/update.store';

/** The prompt's code (and workbox-window behind it) loads only when a new version is waiting. */
const UpdatePrompt = lazy(() => import('../pwa/UpdatePrompt').then((module) => ({ default: module.UpdatePrompt })));

/** "A new version is available" with Reload, wherever the user is (docs/pwa.md). */
export function UpdatePromptSlot() {
  const { updateAvailable } = useSnapshot(updateState);
  if (!updateAvailable) return null;
  return (
    <Suspense fallback={null}>
      <UpdatePrompt />
    </Suspense>
  );
}
