/**
 * Browser-side probes shared by the PWA end-to-end tests: what the device keeps (localStorage,
 * IndexedDB, the worker's API cache) as the page itself sees it.
 */
import type { Page } from 'playwright-core';
import type { Account } from './harness';

export const API_CACHE_NAME = 'mosaic-api-v1';
export const OFFLINE_BANNER = "You're offline — showing saved data";

/** Rows per table of the app's IndexedDB database ("mosaic"); {} when it does not exist. */
export function savedRowCounts(page: Page): Promise<Record<string, number>> {
  return page.evaluate(async () => {
    const names = (await indexedDB.databases()).map((info) => info.name);
    if (!names.includes('mosaic')) return {};
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('mosaic');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const counts: Record<string, number> = {};
    for (const store of Array.from(db.objectStoreNames)) {
      counts[store] = await new Promise<number>((resolve, reject) => {
        const count = db.transaction(store).objectStore(store).count();
        count.onsuccess = () => resolve(count.result);
        count.onerror = () => reject(count.error);
      });
    }
    db.close();
    return counts;
  });
}

/** Puts one knowledge document of `spaceId` into the saved data, as the Knowledge Base screen would. */
export function saveDocumentOnDevice(page: Page, spaceId: string, filename: string): Promise<void> {
  return page.evaluate(
    async ([space, name]) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open('mosaic');
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      await new Promise<void>((resolve, reject) => {
        const tx = db.transaction('documents', 'readwrite');
        tx.objectStore('documents').put({
          id: `e2e-${name}`,
          spaceId: space,
          filename: name,
          mimeType: 'application/pdf',
          sizeBytes: 2048,
          status: 'ready',
          createdAt: new Date().toISOString(),
          category: null,
          subcategory: null,
          errorMessage: null,
          hash: null,
          autoCategorized: false,
          confidenceScore: null,
          ragFileId: null,
        });
        tx.oncomplete = () => resolve();
        tx.onerror = () => reject(tx.error);
      });
      db.close();
    },
    [spaceId, filename] as const,
  );
}

/** URLs of the API answers the worker has saved. */
export function savedApiAnswers(page: Page): Promise<string[]> {
  return page.evaluate(async (cacheName) => {
    if (!(await caches.has(cacheName))) return [];
    const cache = await caches.open(cacheName);
    return (await cache.keys()).map((request) => request.url);
  }, API_CACHE_NAME);
}

export function maKeys(page: Page): Promise<string[]> {
  return page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('ma_')));
}

export async function logOutThroughMenu(page: Page, account: Pick<Account, 'name'>): Promise<void> {
  await page.getByRole('button', { name: `Account menu for ${account.name}` }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await page.waitForURL(/\/login/);
}

/** The current space id the app remembers (spec 000 §3: localStorage currentSpaceId). */
export function currentSpaceId(page: Page): Promise<string | null> {
  return page.evaluate(() => localStorage.getItem('currentSpaceId'));
}

/** Creates a space for the account through the API. */
export async function createSpaceFor(baseUrl: string, accessToken: string, name: string, slug: string): Promise<void> {
  const res = await fetch(`${baseUrl}/api/v1/spaces/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
    body: JSON.stringify({ name, slug }),
  });
  if (!res.ok) throw new Error(`create space failed: ${res.status} ${await res.text()}`);
}
