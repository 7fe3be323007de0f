/**
 * Waits for an agent's reply (spec 001 §4, §9): long polls the session, spaced by the phase
 * schedule (quick … marathon), until a reply arrives, the run ends without one, the caller cancels,
 * or the agent's maximum wait passes. Network failures on the way are not fatal: the next poll
 * tries again (the reply is stored on the server and will be there). After a poll that got no
 * answer, the next one goes after a few seconds rather than a whole phase interval: on a flaky
 * connection one lost poll kept a finished reply "being written" (and the message box blocked)
 * for 15 s and more. Only once in a row: a connection that stays down is asked at the phase's pace.
 */
import { ApiError } from '../../api';
import { agentsApi } from './agents.api';
import type { ChatMessageDto, PollResult, RunDto } from '../../contract/agents';
import { delayBeforeNextPoll, maxWaitMinutes, pollPhaseAt, type PollPhaseName } from './lib/chat-rules';

export type PollOutcome =
  | { kind: 'reply'; reply: ChatMessageDto }
  | { kind: 'failed'; run: RunDto }
  | { kind: 'cancelled' }
  | { kind: 'timeout'; minutes: number };

export interface PollOptions {
  sessionId: string;
  slug: string;
  /** When the message was sent (epoch ms): phases and the maximum wait count from here. */
  sentAt: number;
  /** Messages newer than this are news. */
  since: string;
  signal: AbortSignal;
  onPhase?: (phase: PollPhaseName) => void;
  onMessages?: (messages: ChatMessageDto[]) => Promise<void> | void;
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}

/** The wait before asking again after a poll that got no answer (the first in a row). */
export const RETRY_LOST_POLL_MS = 3_000;

export async function pollForReply(options: PollOptions): Promise<PollOutcome> {
  const minutes = maxWaitMinutes(options.slug);
  const deadline = options.sentAt + minutes * 60_000;
  let cursor = options.since;
  let lostInARow = 0;

  while (!options.signal.aborted) {
    const now = Date.now();
    if (now >= deadline) return { kind: 'timeout', minutes };
    options.onPhase?.(pollPhaseAt(now - options.sentAt).name);

    // The poll in flight is abandoned when the maximum wait runs out or the caller cancels.
    const attempt = new AbortController();
    const stopAtDeadline = setTimeout(() => attempt.abort(), deadline - now);
    const onCancel = () => attempt.abort();
    options.signal.addEventListener('abort', onCancel, { once: true });
    let result: PollResult | null = null;
    let lost = false;
    try {
      result = await agentsApi.poll(options.sessionId, cursor, attempt.signal);
    } catch (error) {
      if (options.signal.aborted) return { kind: 'cancelled' };
      // A session that is gone cannot get a reply; anything else (offline, 5xx) is worth retrying.
      if (error instanceof ApiError && (error.status === 404 || error.status === 403)) throw error;
      lost = error instanceof ApiError && error.code === 'NETWORK_ERROR';
    } finally {
      clearTimeout(stopAtDeadline);
      options.signal.removeEventListener('abort', onCancel);
    }

    if (result) {
      if (result.messages.length > 0) {
        await options.onMessages?.(result.messages);
        cursor = result.messages[result.messages.length - 1]!.created_at;
      }
      const reply = result.messages.find((message) => message.role === 'assistant');
      if (reply) return { kind: 'reply', reply };
      if (result.run?.status === 'failed') return { kind: 'failed', run: result.run };
      if (result.run?.status === 'cancelled') return { kind: 'cancelled' };
    }
    // News without the reply (e.g. the confirmed user message): ask again at once, the server holds the poll.
    if (result && result.messages.length > 0) continue;
    lostInARow = lost ? lostInARow + 1 : 0;
    const after = Date.now();
    const scheduled = delayBeforeNextPoll(after - options.sentAt, after - now);
    const wait = lostInARow === 1 ? Math.min(RETRY_LOST_POLL_MS, scheduled) : scheduled;
    await sleep(Math.min(wait, Math.max(0, deadline - after)), options.signal);
  }
  return { kind: 'cancelled' };
}
