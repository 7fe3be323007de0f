/**
 * Log out wipes first, then shows Login: at the moment the Login screen appears, the tokens and
 * every `ma_` key, the saved rows (IndexedDB) and the worker's saved API answers are already gone,
 * so a tab closed on Login leaves nothing of the person on a shared computer. Meanwhile the screen
 * says "Signing out…" and shows nothing of theirs. A wipe a closed tab cut short is finished by the
 * next start before any screen shows. Through the real menu, auth store, offline layer and Dexie.
 */
import { act, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startOfflineLayer } from '../../../src/app/offline-layer';
import { SIGNING_OUT } from '../../../src/app/GuardedOutlet';
import { db, markSynced } from '../../../src/db';
import { initAuth } from '../../../src/features/auth/auth.store';
import { authState, isWipePending, markWipePending } from '../../../src/session';
import { API_CACHE_NAME } from '../../../sw/messages';
import { FakeCacheStorage } from '../../sw/fake-cache-storage';
import { documentRow, sessionRow } from '../db/rows';
import { installDomShims } from './support/dom';
import { installFakeApi, type FakeApi } from './support/fake-api';
import { renderApp, screen, signInAs, signOut, waitForLocation } from './support/render-app';

let api: FakeApi;
let cacheStorage: FakeCacheStorage;

/** What is left of the person on the device, as a snapshot. */
interface Leftovers {
  maKeys: string[];
  rows: number;
  savedAnswers: number;
}

async function leftovers(): Promise<Leftovers> {
  const maKeys = Object.keys(localStorage).filter((key) => key.startsWith('ma_'));
  const rows = (await Promise.all(db.tables.map((table) => table.count()))).reduce((sum, count) => sum + count, 0);
  const savedAnswers = (await cacheStorage.has(API_CACHE_NAME)) ? (await (await cacheStorage.open(API_CACHE_NAME)).keys()).length : 0;
  return { maKeys, rows, savedAnswers };
}

/** The device as a session leaves it: rows in IndexedDB and the worker's saved API answers. */
async function fillTheDevice(): Promise<void> {
  await db.documents.bulkPut([documentRow('s1'), documentRow('s1')]);
  await db.sessions.bulkPut([sessionRow('s1')]);
  await markSynced('documents', 's1');
  const cache = await cacheStorage.open(API_CACHE_NAME);
  for (const path of ['me', 'spaces/', 'billing/plan']) await cache.put(`http://localhost/api/v1/${path}?__u=x&__s=none`, Response.json({}));
}

/** Calls `check` (synchronously, when it happens) the moment the Login screen's heading is added. */
function whenLoginAppears(check: () => void): () => void {
  const observer = new MutationObserver(() => {
    if (!screen.queryByRole('heading', { name: 'Welcome back' })) return;
    observer.disconnect();
    check();
  });
  observer.observe(document.body, { childList: true, subtree: true });
  return () => observer.disconnect();
}

beforeAll(() => startOfflineLayer());

beforeEach(async () => {
  installDomShims();
  api = installFakeApi();
  cacheStorage = new FakeCacheStorage();
  vi.stubGlobal('caches', cacheStorage);
  await db.delete();
  await db.open();
});

afterEach(async () => {
  await signOut();
  vi.unstubAllGlobals();
});

// First in the file: the session check runs once per page, and this is the page's first start.
describe('a wipe a closed tab cut short', () => {
  it('is finished by the next start before any screen shows', async () => {
    // The previous tab wrote the marker and removed the keys, then closed before the rest.
    await fillTheDevice();
    markWipePending();
    expect(authState.initialized).toBe(false);

    let atLogin: Promise<Leftovers> | null = null;
    whenLoginAppears(() => {
      atLogin = leftovers();
    });
    const { location } = renderApp('/login');
    await act(async () => {
      await initAuth();
    });
    await waitForLocation(location, '/login');
    await waitFor(() => expect(atLogin).not.toBeNull());
    expect(await atLogin!).toEqual({ maKeys: [], rows: 0, savedAnswers: 0 });
    expect(isWipePending()).toBe(false);
  });
});

describe('log out', () => {
  it('wipes the device before Login shows, saying "Signing out…" meanwhile', async () => {
    await signInAs(api, 'org_owner');
    await fillTheDevice();
    // The server takes its time over the logout call, as a slow connection would.
    let answerLogout!: () => void;
    api.on('POST /logout', () => new Promise((resolve) => (answerLogout = () => resolve({ status: 204 }))));
    const { user, location } = renderApp('/settings');
    await screen.findByRole('heading', { name: 'Settings', level: 1 });
    expect((await leftovers()).rows).toBeGreaterThan(0);

    let atLogin: Promise<Leftovers> | null = null;
    whenLoginAppears(() => {
      // Read in the same moment: the keys synchronously, the rest started now.
      atLogin = leftovers();
    });
    await user.click(screen.getByRole('button', { name: /^Account menu for/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Log out' }));

    // The server has not answered: nothing of the person is on screen, and Login is not shown yet.
    expect(await screen.findByText(SIGNING_OUT)).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Welcome back' })).toBeNull();
    expect(isWipePending()).toBe(true);

    act(() => answerLogout());
    await waitForLocation(location, '/login');
    await waitFor(() => expect(atLogin).not.toBeNull());
    expect(await atLogin!).toEqual({ maKeys: [], rows: 0, savedAnswers: 0 });
    expect(isWipePending()).toBe(false);
  });
});
