/**
 * The hooks every file that renders the app's screens needs: the browser features jsdom lacks
 * (installed before each test, as a test may change the viewport) and no session carried over
 * from one test to the next.
 */
import { afterEach, beforeEach } from 'vitest';
import { installDomShims } from './dom';
import { signOut } from './render-app';

/**
 * Call once at the top of a screen test file. `resetAddress`: after signing out, the page's own
 * address goes back to `/`, for files whose tests read or change it (the first navigation).
 */
export function prepareScreenTests(options: { resetAddress?: boolean } = {}): void {
  beforeEach(() => {
    installDomShims();
  });
  afterEach(async () => {
    await signOut();
    if (options.resetAddress) window.history.replaceState(null, '', '/');
  });
}
