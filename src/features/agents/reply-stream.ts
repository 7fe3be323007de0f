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
import { readServerSentEvents } from './lib/sse';
import type { PollOutcome } from './reply-poller';

export interface StreamOptions {
  sessionId: string;
  signal: AbortSignal;
  /** The whole text written so far, each time it grows. */
  onText: (text: string) => void;
}

export async function followReplyStream({ sessionId, signal, onText }: StreamOptions): Promise<PollOutcome | null> {
  if (typeof ReadableStream === 'undefined') return null;
  let text = '';
  try {
    const body = await agentsApi.stream(sessionId, signal);
    for await (const event of readServerSentEvents(body)) {
      if (event.event === STREAM_EVENTS.delta) {
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
