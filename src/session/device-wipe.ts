/**
 * A session's data leaves the device in steps: its tokens and `ma_` keys at once, then every
 * store's reset (the saved rows in IndexedDB, the worker's saved API answers, the notification
 * opt-in), which take a moment. A tab closed between them would leave the rest behind on a shared
 * computer, so a marker is written before the first step and removed after the last; a start that
 * finds it finishes the wipe before anything is shown (features/auth/auth.store.ts restoreSession).
 */
import { proxy } from 'valtio';
import { runSessionResets } from './session-reset';
import { clearSessionStorage } from './storage';

/**
 * What the last wipe removed that the person should hear about: chat messages written offline and
 * never sent (docs/agents.md "Offline outbox"). Login says so after an expiry; a logout asked first.
 */
export const wipeReport = proxy<{ unsentMessages: number }>({ unsentMessages: 0 });

/** Not an `ma_` key: removing those is one of the steps. */
export const WIPE_PENDING_KEY = 'mosaic_wipe_pending';

export function markWipePending(): void {
  try {
    localStorage.setItem(WIPE_PENDING_KEY, String(Date.now()));
  } catch {
    // Storage unavailable: nothing was kept in it either.
  }
}

export function isWipePending(): boolean {
  try {
    return localStorage.getItem(WIPE_PENDING_KEY) !== null;
  } catch {
    return false;
  }
}

/**
 * Every store's reset, then the marker goes. A step that fails is logged and the marker still
 * goes once all have run: the marker is for a wipe cut short, and one kept for a step that always
 * fails would end every later session at its start.
 */
export async function wipeSessionData(): Promise<void> {
  await runSessionResets();
  try {
    localStorage.removeItem(WIPE_PENDING_KEY);
  } catch {
    // As above.
  }
}

/** At start-up, before the session is restored: a wipe a closed tab cut short is finished first. */
export async function finishInterruptedWipe(): Promise<void> {
  if (!isWipePending()) return;
  clearSessionStorage();
  await wipeSessionData();
}
