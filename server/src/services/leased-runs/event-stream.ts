/**
 * Following a topic as server-sent events (docs/agents.md "Streaming", docs/agent-mode.md
 * "Streaming"): a chat session's reply stream and an Agent Mode run's stream both look at what
 * they follow now, then again whenever it may have changed — woken by the waker (a change of
 * state, from any process), or told of new text by the stream hub (this process's worker, or
 * another process's save) — with a comment line while nothing happens, until they are done.
 */
import type { StreamHub } from './stream-hub';
import type { RunWaker } from './waker';

/** A comment line this often keeps proxies from closing a quiet stream (a model thinking, a queue). */
export const KEEP_ALIVE_MS = 15_000;
const KEEP_ALIVE = ': keep-alive\n\n';

/** Where events go: the response body. */
export type EventSink = (chunk: string) => void;

export const sseEvent = (name: string, data: unknown): string => `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;

export interface FollowDeps {
  waker: RunWaker;
  streams: StreamHub;
}

/**
 * Calls `look` now and whenever `topic` may have changed, until it answers 'done', the client goes
 * (`signal`) or the app closes. `look(fresh)`: fresh is false when all that came was text this
 * process's hub announced and `textIsLocal()` says the hub holds all the text being followed, so
 * `look` can take it from the hub instead of reading the database.
 */
export async function followTopic(
  { waker, streams }: FollowDeps,
  topic: string,
  write: EventSink,
  signal: AbortSignal,
  look: (fresh: boolean) => Promise<'done' | 'more'>,
  textIsLocal: () => boolean,
): Promise<void> {
  let nudge: (() => void) | null = null;
  let textArrived = false;
  const unsubscribe = streams.subscribe(topic, () => {
    textArrived = true;
    nudge?.();
  });
  try {
    let fresh = true;
    while (!signal.aborted && !streams.closed()) {
      // Listen before looking, so a change or text that comes between the look and the wait still wakes it.
      const round = new AbortController();
      const nudged = new Promise<'text'>((resolve) => (nudge = () => resolve('text')));
      const woken = waker.wait(topic, KEEP_ALIVE_MS, AbortSignal.any([signal, round.signal])).then((changed) => (changed ? 'changed' : 'idle'));
      textArrived = false;
      if ((await look(fresh)) === 'done') {
        round.abort();
        return;
      }
      const why = textArrived ? 'text' : await Promise.race([nudged, woken]);
      round.abort();
      nudge = null;
      if (why === 'idle') write(KEEP_ALIVE);
      // Text announced by this process's hub needs no database read; anything else does.
      fresh = why !== 'text' || !textIsLocal();
    }
  } finally {
    unsubscribe();
  }
}

/** A keep-alive comment, for a stream that waits on something else first (a chat stream waiting for its send). */
export const keepAlive = (write: EventSink): void => write(KEEP_ALIVE);
