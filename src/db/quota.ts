/**
 * Running out of device storage. Saved data is a copy of what the server holds, so a failed write
 * loses nothing the user made; it only means less is available offline. The user is told once in
 * plain words instead of seeing a technical error.
 */

export const STORAGE_FULL_MESSAGE =
  'Your device is out of storage space for offline data. Free some space or clear old chats.';

/**
 * True for the browser's QuotaExceededError, also when wrapped: Dexie reports a failed transaction
 * as an AbortError whose `inner` error is the quota error.
 */
export function isQuotaExceededError(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth += 1) {
    const { name, code } = current as { name?: unknown; code?: unknown };
    // Legacy browsers report the quota as DOMException code 22 with other names.
    if (name === 'QuotaExceededError' || name === 'NS_ERROR_DOM_QUOTA_REACHED' || code === 22) return true;
    current = (current as { inner?: unknown; cause?: unknown }).inner ?? (current as { cause?: unknown }).cause;
  }
  return false;
}

/** The message to show for a storage error, or null when it is not about storage space. */
export function storageErrorMessage(error: unknown): string | null {
  return isQuotaExceededError(error) ? STORAGE_FULL_MESSAGE : null;
}

type StorageFullListener = (message: string) => void;
const listeners = new Set<StorageFullListener>();

/** Called with STORAGE_FULL_MESSAGE whenever a guarded write hits the quota (e.g. to toast it). */
export function onStorageFull(listener: StorageFullListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Runs a write to the saved data. A quota error is reported to the onStorageFull listeners and
 * swallowed (the screen keeps the fetched data in memory, so nothing is lost); the result is
 * then undefined. Any other error is rethrown.
 */
export async function guardStorageWrite<T>(write: () => Promise<T>): Promise<T | undefined> {
  try {
    return await write();
  } catch (error) {
    if (!isQuotaExceededError(error)) throw error;
    for (const listener of listeners) listener(STORAGE_FULL_MESSAGE);
    return undefined;
  }
}
