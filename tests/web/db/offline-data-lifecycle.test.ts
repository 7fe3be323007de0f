/**
 * Saved data follows the session and the space (spec 000 §4): logout and session expiry leave
 * nothing; a space switch drops the space being left. Driven through the real auth and spaces
 * stores against the fake backend, with the wiring main.tsx installs.
 */
import { waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startOfflineLayer } from '../../../src/app/offline-layer';
import { db, markSynced } from '../../../src/db';
import { logout } from '../../../src/features/auth/auth.store';
import { forceLogout } from '../../../src/session';
import { switchSpace } from '../../../src/features/spaces/spaces.store';
import { NOTIFICATIONS_OPT_IN_KEY } from '../../../src/pwa/notifications';
import { installFakeApi, type FakeApi } from '../app/support/fake-api';
import { signInAs, signOut } from '../app/support/render-app';
import { assetRow, documentRow, sessionRow } from './rows';

let api: FakeApi;

beforeAll(() => startOfflineLayer());

beforeEach(async () => {
  api = installFakeApi();
  await db.delete();
  await db.open();
});

afterEach(signOut);

/**
 * Saved documents, sessions, creative assets with their thumbnails, and "documents last synced" facts per space. (Feature stores save
 * facts of their own on sign-in, e.g. the plan; only what this test saved is counted.)
 */
async function rowsBySpace(): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  const synced = (await db.meta.toArray()).filter((row) => row.name === 'documents');
  const assets = [...(await db.assets.toArray()), ...(await db.assetThumbnails.toArray())];
  for (const row of [...(await db.documents.toArray()), ...(await db.sessions.toArray()), ...assets, ...synced]) {
    const key = row.spaceId ?? 'none';
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}

async function saveSomethingInBothSpaces(): Promise<void> {
  await db.documents.bulkPut([documentRow('s1'), documentRow('s2')]);
  await db.sessions.bulkPut([sessionRow('s1'), sessionRow('s2')]);
  const [first, second] = [assetRow('s1'), assetRow('s2')];
  await db.assets.bulkPut([first, second]);
  const thumbnail = (assetId: string, spaceId: string) => ({ assetId, spaceId, version: 'v1', mimeType: 'image/webp', bytes: new Uint8Array([1]).buffer, savedAt: 1 });
  await db.assetThumbnails.bulkPut([thumbnail(first.id, 's1'), thumbnail(second.id, 's2')]);
  await markSynced('documents', 's1');
  await markSynced('documents', 's2');
}

describe('saved data and the session', () => {
  it('is all gone after the user logs out, opt-in included', async () => {
    await signInAs(api, 'org_owner');
    await saveSomethingInBothSpaces();
    localStorage.setItem(NOTIFICATIONS_OPT_IN_KEY, 'true');

    await logout();

    await waitFor(async () => expect(await rowsBySpace()).toEqual({}));
    await waitFor(async () => expect(await db.meta.count()).toBe(0));
    expect(localStorage.getItem(NOTIFICATIONS_OPT_IN_KEY)).toBeNull();
  });

  it('is all gone when the session expires', async () => {
    await signInAs(api, 'org_owner');
    await saveSomethingInBothSpaces();

    forceLogout();

    await waitFor(async () => expect(await rowsBySpace()).toEqual({}));
  });
});

describe('saved data and the space', () => {
  it('drops the space being left and keeps the one switched to', async () => {
    await signInAs(api, 'org_owner');
    await saveSomethingInBothSpaces();

    expect(switchSpace('s2')).toBe(true);

    await waitFor(async () => expect(await rowsBySpace()).toEqual({ s2: 5 }));
  });

  it('keeps everything when the chosen space is already the current one', async () => {
    await signInAs(api, 'org_owner');
    await saveSomethingInBothSpaces();

    switchSpace('s1');
    // A wipe the switch started would be queued before this one: the switch loads the wipe module
    // first, and IndexedDB runs transactions on the same tables in the order they were created.
    const { wipeSpace } = await import('../../../src/db/wipe');
    await wipeSpace('a-space-with-nothing-saved');

    expect(await rowsBySpace()).toEqual({ s1: 5, s2: 5 });
  });
});
