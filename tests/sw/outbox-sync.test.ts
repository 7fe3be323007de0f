/**
 * Background Sync of the chat outbox in the worker (sw/outbox-sync.ts): the worker asks the app's
 * open windows to send and waits for one to say it did; none could (still no connection) → the
 * sync fails so the browser tries again later; no window open → nothing to do now.
 */
import { describe, expect, it } from 'vitest';
import { SEND_OUTBOX } from '../../sw/messages';
import { sendOutboxThroughWindows, type OutboxClients, type OutboxWindow } from '../../sw/outbox-sync';
import { APP_ORIGIN } from './worker-env';

/** A window of the app that answers the worker's request as the page does (src/pwa/background-sync.ts). */
function appWindow(sent: boolean | 'never', url = `${APP_ORIGIN}/agents/seo/chat/s-1`): OutboxWindow & { asked: unknown[] } {
  const asked: unknown[] = [];
  return {
    url,
    asked,
    postMessage(message, transfer) {
      asked.push(message);
      const port = transfer[0] as MessagePort;
      if (sent !== 'never') port.postMessage({ sent });
    },
  };
}

const clientsOf = (windows: OutboxWindow[]): OutboxClients => ({ matchAll: async () => windows });

describe('the outbox sync event', () => {
  it('asks every open window of the app to send, and is done when one did', async () => {
    const offline = appWindow(false);
    const online = appWindow(true);
    const elsewhere = appWindow(true, 'https://other.example/agents');
    await expect(sendOutboxThroughWindows(clientsOf([offline, online, elsewhere]), APP_ORIGIN)).resolves.toBeUndefined();
    expect(offline.asked).toEqual([{ type: SEND_OUTBOX }]);
    expect(online.asked).toEqual([{ type: SEND_OUTBOX }]);
    // Another origin's window is never asked.
    expect(elsewhere.asked).toEqual([]);
  });

  it('fails (so the browser retries) when no window could send, or none answered in time', async () => {
    await expect(sendOutboxThroughWindows(clientsOf([appWindow(false)]), APP_ORIGIN)).rejects.toThrow('could not be sent yet');
    await expect(sendOutboxThroughWindows(clientsOf([appWindow('never')]), APP_ORIGIN, 20)).rejects.toThrow('could not be sent yet');
  });

  it('has nothing to do with no window open: the app sends its outbox when next opened', async () => {
    await expect(sendOutboxThroughWindows(clientsOf([]), APP_ORIGIN)).resolves.toBeUndefined();
  });
});
