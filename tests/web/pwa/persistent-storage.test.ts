import { afterEach, describe, expect, it, vi } from 'vitest';
import { requestPersistentStorage } from '../../../src/pwa';
import { resetPersistentStorageRequest } from '../../../src/pwa/persistent-storage';

function storageManager(persisted: boolean, grants: boolean) {
  return {
    persisted: vi.fn(async () => persisted),
    persist: vi.fn(async () => grants),
  } as unknown as StorageManager & { persisted: ReturnType<typeof vi.fn>; persist: ReturnType<typeof vi.fn> };
}

afterEach(() => resetPersistentStorageRequest());

describe('persistent storage', () => {
  it('asks the browser to keep the saved data and reports its answer', async () => {
    const storage = storageManager(false, true);
    await expect(requestPersistentStorage(storage)).resolves.toBe('persisted');
    expect(storage.persist).toHaveBeenCalledTimes(1);
  });

  it('asks only once per page, however often it is called', async () => {
    const storage = storageManager(false, false);
    await expect(requestPersistentStorage(storage)).resolves.toBe('not-persisted');
    await requestPersistentStorage(storage);
    expect(storage.persist).toHaveBeenCalledTimes(1);
  });

  it('does not ask when the data is already kept', async () => {
    const storage = storageManager(true, true);
    await expect(requestPersistentStorage(storage)).resolves.toBe('persisted');
    expect(storage.persist).not.toHaveBeenCalled();
  });

  it('copes with browsers without the API or that throw', async () => {
    await expect(requestPersistentStorage(undefined)).resolves.toBe('unsupported');
    resetPersistentStorageRequest();
    const throwing = { persisted: async () => false, persist: async () => Promise.reject(new Error('no')) };
    await expect(requestPersistentStorage(throwing as unknown as StorageManager)).resolves.toBe('not-persisted');
  });
});
