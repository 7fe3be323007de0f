/**
 * The hooks every file that renders the app's screens needs: the browser features jsdom lacks
 * (installed before each test, as a test may change the viewport) and no session carried over
 * from one test to the next.
 */
import { afterEach, beforeEach } from 'vitest';
import { installDomShims } from './dom';
import { signOut } from './render-app';

/** Call once at the top of a screen test file. */
export function prepareScreenTests(): void {
  beforeEach(() => {
    installDomShims();
  });
  afterEach(signOut);
}
