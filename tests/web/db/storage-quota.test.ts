import Dexie from 'dexie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { guardStorageWrite, isQuotaExceededError, onStorageFull, STORAGE_FULL_MESSAGE, storageErrorMessage } from '../../../src/db';

const quotaError = () => new DOMException('The quota has been exceeded.', 'QuotaExceededError');

let unsubscribe: (() => void) | undefined;
afterEach(() => unsubscribe?.());

describe('running out of storage', () => {
  it('recognises the quota error, also when Dexie wraps it in an aborted transaction', () => {
    expect(isQuotaExceededError(quotaError())).toBe(true);
    expect(isQuotaExceededError(new Dexie.AbortError('Transaction aborted', quotaError()))).toBe(true);
    expect(isQuotaExceededError(new Error('something else'))).toBe(false);
    expect(isQuotaExceededError(null)).toBe(false);
  });

  it('explains it in plain words', () => {
    expect(storageErrorMessage(quotaError())).toBe(
      'Your device is out of storage space for offline data. Free some space or clear old chats.',
    );
    expect(storageErrorMessage(new TypeError('Failed to fetch'))).toBeNull();
  });

  it('tells the listeners and carries on when a guarded write hits the quota', async () => {
    const told = vi.fn();
    unsubscribe = onStorageFull(told);
    await expect(guardStorageWrite(() => Promise.reject(quotaError()))).resolves.toBeUndefined();
    expect(told).toHaveBeenCalledWith(STORAGE_FULL_MESSAGE);
  });

  it('lets every other failure through and returns the result of a good write', async () => {
    const told = vi.fn();
    unsubscribe = onStorageFull(told);
    await expect(guardStorageWrite(() => Promise.reject(new Error('constraint failed')))).rejects.toThrow('constraint failed');
    await expect(guardStorageWrite(() => Promise.resolve(42))).resolves.toBe(42);
    expect(told).not.toHaveBeenCalled();
  });
});
