/** The page tells the worker where it is now (src/pwa/window-url.ts), which Client.url does not. */
import { afterEach, describe, expect, it } from 'vitest';
import { CURRENT_URL } from '../../../sw/messages';
import { answerWorkerUrlQuestions } from '../../../src/pwa/window-url';

const original = Object.getOwnPropertyDescriptor(navigator, 'serviceWorker');
afterEach(() => {
  if (original) Object.defineProperty(navigator, 'serviceWorker', original);
  else Reflect.deleteProperty(navigator, 'serviceWorker');
});

/** A message from the worker, with the port it wants the answer on. */
function send(container: EventTarget, message: unknown, port: MessagePort): void {
  const event = new Event('message') as MessageEvent;
  Object.defineProperties(event, { data: { value: message }, ports: { value: [port] } });
  container.dispatchEvent(event);
}

/** Asks as the worker does: a message with a port, answered on that port. */
function ask(container: EventTarget, message: unknown): Promise<unknown> {
  const channel = new MessageChannel();
  const answered = new Promise<unknown>((resolve) => {
    channel.port1.onmessage = (event) => {
      channel.port1.close();
      resolve(event.data);
    };
  });
  send(container, message, channel.port2);
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
    // Another message, then the question, both with the same port, from two different addresses: a
    // port delivers in order, so an answer to the other message would come first.
    const channel = new MessageChannel();
    const answers: unknown[] = [];
    const answered = new Promise<void>((resolve) => {
      channel.port1.onmessage = (event) => {
        answers.push(event.data);
        if ((event.data as { url?: string }).url?.endsWith('/settings')) resolve();
      };
    });
    window.history.pushState(null, '', '/agents');
    send(container, { type: 'SEND_OUTBOX' }, channel.port2);
    window.history.pushState(null, '', '/settings');
    send(container, { type: CURRENT_URL }, channel.port2);
    await answered;
    channel.port1.close();
    expect(answers).toEqual([{ url: `${window.location.origin}/settings` }]);
    stop();
  });
});
