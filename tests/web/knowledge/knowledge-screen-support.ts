/**
 * What every test of the Knowledge Base screen (and the screens that list its documents) sets up:
 * the screens' code loaded once before the first test, then for each test a device with nothing
 * saved, a connection that works, measured elements for the virtualised lists, and a sign-out after.
 */
import { afterEach, beforeAll, beforeEach } from 'vitest';
import { wipeAll } from '../../../src/db';
import { reportNetworkSuccess } from '../../../src/pwa';
import { giveElementsASize, installDomShims } from '../app/support/dom';
import { signOut } from '../app/support/render-app';

export function prepareKnowledgeScreenTests(...moreScreens: (() => Promise<unknown>)[]): void {
  let restoreSizes: () => void = () => undefined;
  // The screens' code is transformed once here, so the first test's findBy waits only for the screen.
  beforeAll(async () => {
    await Promise.all([import('../../../src/features/knowledge/pages/KnowledgeBasePage'), ...moreScreens.map((load) => load())]);
  }, 120_000);
  beforeEach(async () => {
    installDomShims();
    restoreSizes = giveElementsASize();
    await wipeAll();
    reportNetworkSuccess();
  });
  afterEach(async () => {
    restoreSizes();
    await signOut();
  });
}
