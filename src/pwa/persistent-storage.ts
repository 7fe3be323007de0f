/**
 * Asks the browser to keep the saved data (IndexedDB, caches) instead of evicting it under storage
 * pressure, so offline data is still there when it is needed. Asked once per page after sign-in:
 * browsers answer from their own heuristics (installed, bookmarked, engagement) and repeated asks
 * change nothing.
 */

export type PersistenceResult = 'persisted' | 'not-persisted' | 'unsupported';

let request: Promise<PersistenceResult> | null = null;

async function askBrowser(storage: StorageManager | undefined): Promise<PersistenceResult> {
  if (!storage?.persist || !storage.persisted) return 'unsupported';
  try {
    if (await storage.persisted()) return 'persisted';
    return (await storage.persist()) ? 'persisted' : 'not-persisted';
  } catch {
    // A refusal must never disturb sign-in.
    return 'not-persisted';
  }
}

/** Call after sign-in; later calls share the first answer. */
export function requestPersistentStorage(storage: StorageManager | undefined = navigator.storage): Promise<PersistenceResult> {
  request ??= askBrowser(storage);
  return request;
}

/** Forgets the earlier answer (a new sign-in may ask again); tests use it too. */
export function resetPersistentStorageRequest(): void {
  request = null;
}
