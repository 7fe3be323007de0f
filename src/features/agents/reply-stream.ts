/**
 * Follows a reply as it is written (GET /agents/sessions/{id}/stream, docs/agents.md "Streaming"):
 * hands each new text to the screen and resolves with how the run ended. Resolves null when the
 * stream could not be opened or broke before its end (offline, a proxy that cut it, a browser
 * without streamed fetch): the caller then falls back to the long poll, which delivers the same
 * final message.
 */
import { STREAM_EVENTS, streamDeltaSchema, streamDoneSchema } from '../../contract/agents';
import { logger, describeError } from '../../lib/logger';
import { agentsApi } from './agents.api';
import { readServerSentEvents } from '../../lib/sse';
import type { PollOutcome } from './reply-poller';

/** Set when a stream's first text arrives in the page. */
const FIRST_DELTA_MARK = 'mosaic:reply-first-delta';

/** A stream asked for together with its send (see openStreamWithSend), handed to the wait once the send is accepted. */
export interface EarlyStream {
  body: Promise<ReadableStream<Uint8Array>>;
  abort(): void;
}

/**
 * Asks for the reply's stream at the same time as the send itself, so a reply that comes quickly
 * is followed from its first words instead of being found finished once the send's answer is back.
 */
export function openStreamWithSend(sessionId: string, sendKey: string): EarlyStream {
  const controller = new AbortController();
  const body = agentsApi.stream(sessionId, controller.signal, sendKey);
  body.catch(() => undefined);
  return { body, abort: () => controller.abort() };
}

export interface StreamOptions {
  sessionId: string;
  signal: AbortSignal;
  /** The whole text written so far, each time it grows. */
  onText: (text: string) => void;
  /** Already asked for with the send; otherwise the stream is asked for now. */
  early?: EarlyStream;
}

export async function followReplyStream({ sessionId, signal, onText, early }: StreamOptions): Promise<PollOutcome | null> {
  if (typeof ReadableStream === 'undefined') return null;
  let text = '';
  if (early) {
    if (signal.aborted) early.abort();
    else signal.addEventListener('abort', () => early.abort(), { once: true });
  }
  try {
    const body = await (early ? early.body : agentsApi.stream(sessionId, signal));
    for await (const event of readServerSentEvents(body)) {
      if (event.event === STREAM_EVENTS.delta) {
        // Where the page got the reply's first words, before the screen shows them (npm run bench:chat).
        if (text === '') performance.mark(FIRST_DELTA_MARK);
        const delta = streamDeltaSchema.parse(JSON.parse(event.data));
        text = delta.restart ? delta.text : text + delta.text;
        onText(text);
      } else if (event.event === STREAM_EVENTS.done) {
        const done = streamDoneSchema.parse(JSON.parse(event.data));
        if (done.message) {
          // A reply finished before the stream opened comes whole: on screen now, not once it is
          // saved. (A streamed one is on screen already; its final form comes with the saved message.)
          if (text === '') onText(done.message.content);
          return { kind: 'reply', reply: done.message };
        }
        if (done.run?.status === 'failed') return { kind: 'failed', run: done.run };
        if (done.run?.status === 'cancelled') return { kind: 'cancelled' };
        return null;
      }
    }
  } catch (error) {
    if (signal.aborted) return { kind: 'cancelled' };
    logger.info('Reply stream broke; falling back to polling', { error: describeError(error) });
    return null;
  }
  return signal.aborted ? { kind: 'cancelled' } : null;
}
