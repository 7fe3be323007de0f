/**
 * Background Sync for the chat outbox (docs/agents.md "Offline outbox"). When the browser says the
 * connection is back it fires `sync` with OUTBOX_SYNC_TAG; the worker cannot send the messages
 * itself (sending needs the signed-in page's session, which the worker never holds), so it asks the
 * app's open windows to send them and waits for the first answer. A window that could not send for
 * want of a connection makes the sync fail, so the browser tries again later with its own back-off;
 * with no window open there is nothing to do now (the app sends its outbox when next opened).
 * Typed structurally so it is testable with small fakes.
 */
import { askWindow, type AskableWindow } from './ask-window';
import { SEND_OUTBOX, type SendOutboxAnswer } from './messages';

export type OutboxWindow = AskableWindow;

export interface OutboxClients {
  matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<readonly OutboxWindow[]>;
}

/** How long a window may take to send before the sync counts as failed (and is retried by the browser). */
export const SEND_OUTBOX_ANSWER_MS = 60_000;

async function ask(window: OutboxWindow, timeoutMs: number): Promise<boolean> {
  return (await askWindow<SendOutboxAnswer>(window, { type: SEND_OUTBOX }, timeoutMs))?.sent === true;
}

/** Resolves when an app window sent the outbox (or none is open); rejects so the browser retries. */
export async function sendOutboxThroughWindows(clients: OutboxClients, appOrigin: string, timeoutMs = SEND_OUTBOX_ANSWER_MS): Promise<void> {
  const windows = (await clients.matchAll({ type: 'window', includeUncontrolled: false })).filter((client) => new URL(client.url).origin === appOrigin);
  if (windows.length === 0) return;
  const answers = await Promise.all(windows.map((window) => ask(window, timeoutMs)));
  if (!answers.some(Boolean)) throw new Error('The chat outbox could not be sent yet');
}
