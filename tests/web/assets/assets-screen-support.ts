/**
 * Where each test of the Creative Assets screens starts: the DOM shims, no data on the device, the
 * grid view (a device preference kept between visits), and the object URLs jsdom lacks (the screen
 * makes one for each saved thumbnail); after it, signed out with the stubbed globals restored.
 */
import { afterEach, beforeEach, vi } from 'vitest';
import { wipeAll } from '../../../src/db';
import { setView } from '../../../src/features/assets/assets.store';
import { installDomShims } from '../app/support/dom';
import { signOut } from '../app/support/render-app';

/** Call once at the top of the file; `thumbnailUrl` is the address every object URL gets. */
export function prepareAssetsScreenTests(thumbnailUrl = 'blob:thumbnail'): void {
  beforeEach(async () => {
    installDomShims();
    await wipeAll();
    setView('grid');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => thumbnailUrl), revokeObjectURL: vi.fn() }));
  });
  afterEach(async () => {
    await signOut();
    vi.unstubAllGlobals();
  });
}
