/**
 * When the outbox is sent: once spaces are ready (a reload with messages waiting), after a space
 * switch, whenever the connection comes back (the connectivity store: browser events, a request
 * answered again, its probe), when the worker's Background Sync asks, and when a chat's wait for
 * its reply ends (chat-waiting.ts). Started once by the offline layer (src/app/offline-layer.ts); the sending
 * code loads only when something waits.
 */
import { connectivity, onConnectionBack } from '../../../pwa/connectivity.store';
import { answerWorkerOutboxRequests } from '../../../pwa/background-sync';
import { onSpacesEvent } from '../../../session';
import { countQueued } from './outbox.store';
import { onOutboxWake } from './outbox-sync';

let started = false;

/**
 * A send that got no answer while the app believes it is online will see no "connection back"
 * event to wake it (the store may never have seen it go): it is tried again after this long.
 */
export const UNANSWERED_RETRY_MS = 5_000;
let retry: ReturnType<typeof setTimeout> | undefined;

async function send(): Promise<boolean> {
  if ((await countQueued()) === 0) return true;
  const { sendWaitingMessages } = await import('./outbox-send');
  const connected = await sendWaitingMessages();
  if (!connected && connectivity.online && !retry) {
    retry = setTimeout(() => {
      retry = undefined;
      sendSoon();
    }, UNANSWERED_RETRY_MS);
  }
  return connected;
}

const sendSoon = () => void send().catch(() => undefined);

export function startOutbox(): void {
  if (started) return;
  started = true;
  onConnectionBack(sendSoon);
  onOutboxWake(() => {
    if (connectivity.online) sendSoon();
  });
  onSpacesEvent('space-switched', sendSoon);
  answerWorkerOutboxRequests(send);
  sendSoon();
}
