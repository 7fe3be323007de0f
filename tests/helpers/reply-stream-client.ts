/** Reads a session's reply stream over real HTTP, as a browser's fetch does (the app must listen). */
import type { StreamDelta, StreamDone } from '../../src/contract/agents';
import { readServerSentEvents } from '../../src/lib/sse';
import { API, authHeaders } from './server';
import type { Caller } from './fake-openai-chat';

export interface ReplyStreamReader {
  /** Text of the deltas received so far, in order. */
  text(): string;
  deltas(): StreamDelta[];
  /** Resolves once the received text has at least `characters` characters. */
  untilText(characters: number): Promise<void>;
  /** Resolves with the `done` event (and the stream's end). */
  done(): Promise<StreamDone>;
  close(): void;
}

/** `send`: the Idempotency-Key of a send the stream is asked for with (`?send=`). */
export async function openReplyStream(baseUrl: string, caller: Caller, sessionId: string, options: { send?: string } = {}): Promise<ReplyStreamReader> {
  const controller = new AbortController();
  const query = options.send ? `?send=${encodeURIComponent(options.send)}` : '';
  const response = await fetch(`${baseUrl}${API}/agents/sessions/${sessionId}/stream${query}`, {
    headers: authHeaders(caller.access_token, caller.spaceId),
    signal: controller.signal,
  });
  if (response.status !== 200 || !response.body) throw new Error(`stream answered ${response.status}: ${await response.text()}`);
  const deltas: StreamDelta[] = [];
  let received = '';
  const waiters = new Set<() => void>();
  const finished = (async () => {
    for await (const event of readServerSentEvents(response.body!)) {
      if (event.event === 'delta') {
        const delta = JSON.parse(event.data) as StreamDelta;
        deltas.push(delta);
        received = delta.restart ? delta.text : received + delta.text;
        for (const wake of waiters) wake();
      } else if (event.event === 'done') {
        return JSON.parse(event.data) as StreamDone;
      }
    }
    throw new Error('the stream ended without a done event');
  })();
  finished.catch(() => undefined).finally(() => {
    for (const wake of waiters) wake();
  });
  return {
    text: () => received,
    deltas: () => deltas,
    untilText: (characters) =>
      new Promise<void>((resolve, reject) => {
        const check = () => {
          if (received.length >= characters) {
            waiters.delete(check);
            resolve();
          }
        };
        waiters.add(check);
        check();
        finished.then(() => {
          check();
          if (received.length < characters) reject(new Error(`the stream ended after ${received.length} characters`));
        }, reject);
      }),
    done: () => finished,
    close: () => controller.abort(),
  };
}
