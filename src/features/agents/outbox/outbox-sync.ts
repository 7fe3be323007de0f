/**
 * "The outbox may be sendable now": asked after a message is queued (Background Sync is registered,
 * so the browser wakes the worker when the connection returns) and when a chat's reply is finished
 * (a message waiting in that chat may go now). Kept free of the sending code so the wait for a
 * reply (chat-waiting.ts) can call it without importing the sender, which reaches that wait through
 * send/deliver.ts.
 */
import { OUTBOX_SYNC_TAG } from '../../../../sw/messages';
import { requestBackgroundSync } from '../../../pwa/background-sync';

type Wake = () => void;
const wakes = new Set<Wake>();

/** The sender listens here (outbox-wake.ts). */
export function onOutboxWake(wake: Wake): () => void {
  wakes.add(wake);
  return () => wakes.delete(wake);
}

export function requestOutboxSync(): void {
  void requestBackgroundSync(OUTBOX_SYNC_TAG);
  for (const wake of [...wakes]) wake();
}
