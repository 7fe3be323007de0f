/** The page tells the worker where it is now (src/pwa/window-url.ts), which Client.url does not. */
import { afterEach, describe, expect, it } from 'vitest';
import { CURRENT_URL } from '../../../sw/messages';
import { answerWorkerUrlQuestions } from '../../../src/pwa/window-url';

const original = Object.getOwnPropertyDescriptor(navigator, 'serviceWorker');
afterEach(() => {
  if (original) Object.defineProperty(navigator, 'serviceWorker', original);
  else Reflect.deleteProperty(navigator, 'serviceWorker');
});

/** Asks as the worker does: a message with a port, answered on that port. */
function ask(container: EventTarget, message: unknown): Promise<unknown> {
  const channel = new MessageChannel();
  const answered = new Promise<unknown>((resolve) => {
    channel.port1.onmessage = (event) => {
      channel.port1.close();
      resolve(event.data);
    };
  });
  const event = new Event('message') as MessageEvent;
  Object.defineProperties(event, { data: { value: message }, ports: { value: [channel.port2] } });
  container.dispatchEvent(event);
  return answered;
}

describe('the answer to the worker\'s "where is this window now?"', () => {
  it('is the address the app shows now, after moving inside the app', async () => {
    const container = new EventTarget();
    Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: container });
    const stop = answerWorkerUrlQuestions();
    window.history.pushState(null, '', '/agents/seo/chat/session-7');
    await expect(ask(container, { type: CURRENT_URL })).resolves.toEqual({ url: `${window.location.origin}/agents/seo/chat/session-7` });
    stop();
  });

  it('leaves other messages alone', async () => {
    const container = new EventTarget();
    Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: container });
    const stop = answerWorkerUrlQuestions();
    const answer = ask(container, { type: 'SEND_OUTBOX' });
    const nothing = new Promise((resolve) => setTimeout(() => resolve('no answer'), 50));
    await expect(Promise.race([answer, nothing])).resolves.toBe('no answer');
    stop();
  });
});
