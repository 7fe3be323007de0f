/**
 * One tab at a time may rotate the refresh token. The server revokes the whole session family when
 * an already-rotated refresh token is presented again, so two tabs refreshing with the same token
 * would sign the user out everywhere.
 *
 * Web Locks (`navigator.locks`) give a real cross-tab mutex where available; otherwise a lease in
 * localStorage stands in for it.
 */

const LOCK_NAME = 'mosaic-token-refresh';
export const LEASE_KEY = 'mosaic_refresh_lease';
/** A lease outlives a crashed tab by at most this long; a refresh normally takes well under it. */
const LEASE_TTL_MS = 15_000;
/** Time for a racing tab's lease write to land before we check who won (last writer wins). */
const LEASE_SETTLE_MS = 30;
const LEASE_POLL_MS = 100;

const tabId = crypto.randomUUID();

interface Lease {
  owner: string;
  expires: number;
}

export function withRefreshLock<T>(fn: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (locks && typeof locks.request === 'function') {
    return locks.request(LOCK_NAME, { mode: 'exclusive' }, fn) as Promise<T>;
  }
  return withStorageLease(fn);
}

async function withStorageLease<T>(fn: () => Promise<T>): Promise<T> {
  await acquireLease();
  try {
    return await fn();
  } finally {
    if (readLease()?.owner === tabId) localStorage.removeItem(LEASE_KEY);
  }
}

async function acquireLease(): Promise<void> {
  for (;;) {
    const lease = readLease();
    if (!lease || lease.expires <= Date.now() || lease.owner === tabId) {
      // Without usable storage there is no other tab to coordinate with through it.
      if (!writeLease({ owner: tabId, expires: Date.now() + LEASE_TTL_MS })) return;
      await delay(LEASE_SETTLE_MS);
      if (readLease()?.owner === tabId) return;
    }
    await delay(LEASE_POLL_MS);
  }
}

function readLease(): Lease | null {
  try {
    const raw = localStorage.getItem(LEASE_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<Lease>;
    return typeof parsed.owner === 'string' && typeof parsed.expires === 'number'
      ? { owner: parsed.owner, expires: parsed.expires }
      : null;
  } catch {
    return null;
  }
}

function writeLease(lease: Lease): boolean {
  try {
    localStorage.setItem(LEASE_KEY, JSON.stringify(lease));
    return true;
  } catch {
    return false;
  }
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
