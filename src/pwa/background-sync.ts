/**
 * The page's side of Background Sync (sw/outbox-sync.ts): asks the browser to wake the worker with
 * a tag once the connection is back (Chromium has it; elsewhere this does nothing and the page's
 * own `online` handling is all there is), and answers the worker's request to send.
 */
import { SEND_OUTBOX, type SendOutboxAnswer } from '../../sw/messages';

interface SyncRegistration {
  sync?: { register(tag: string): Promise<void> };
}

/** Registers `tag` for Background Sync; false where the browser or the page has no worker for it. */
export async function requestBackgroundSync(tag: string): Promise<boolean> {
  if (typeof navigator === 'undefined' || !navigator.serviceWorker) return false;
  try {
    // getRegistration, not `ready`: `ready` never settles on a page no worker controls (development, tests).
    const registration = (await navigator.serviceWorker.getRegistration()) as (ServiceWorkerRegistration & SyncRegistration) | undefined;
    if (!registration?.sync) return false;
    await registration.sync.register(tag);
    return true;
  } catch {
    // Refused (permission, private mode): the page sends on its own when it sees the connection return.
    return false;
  }
}

/** Calls `send` whenever the worker asks the page to send the outbox, and tells it how that went. */
export function answerWorkerOutboxRequests(send: () => Promise<boolean>): () => void {
  if (typeof navigator === 'undefined' || !navigator.serviceWorker) return () => undefined;
  const listener = (event: MessageEvent) => {
    if ((event.data as { type?: unknown } | null)?.type !== SEND_OUTBOX) return;
    const port = event.ports[0];
    void send()
      .catch(() => false)
      .then((sent) => port?.postMessage({ sent } satisfies SendOutboxAnswer));
  };
  navigator.serviceWorker.addEventListener('message', listener);
  return () => navigator.serviceWorker.removeEventListener('message', listener);
}
