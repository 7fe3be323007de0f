/**
 * The long poll (spec 001 §7 GET /agents/sessions/{id}/poll?since=): answers at once when the
 * session has messages newer than `since` or its last run ended without a reply; otherwise holds
 * until the waker fires or the hold time passes, then answers with whatever is there.
 */
import type { PollResult } from '../../../../src/contract/agents';
import type { DbExecutor } from '../../db/database';
import { latestRun, listMessages } from './sessions.service';
import type { MessageDto, RunDto } from './serializers';
import type { RunWaker } from '../leased-runs/waker';

type Snapshot = { messages: MessageDto[]; run: RunDto | null; news: boolean };

/**
 * Polls of one session woken together (several tabs, several people in a space) ask the same
 * question: they share one read instead of each querying the database.
 */
const inFlightByDb = new WeakMap<DbExecutor, Map<string, Promise<Snapshot>>>();

function snapshot(db: DbExecutor, sessionId: string, since: Date | undefined): Promise<Snapshot> {
  let inFlight = inFlightByDb.get(db);
  if (!inFlight) inFlightByDb.set(db, (inFlight = new Map()));
  const key = `${sessionId}|${since?.getTime() ?? ''}`;
  let shared = inFlight.get(key);
  if (!shared) {
    shared = readSnapshot(db, sessionId, since).finally(() => inFlight!.delete(key));
    inFlight.set(key, shared);
  }
  return shared;
}

async function readSnapshot(db: DbExecutor, sessionId: string, since: Date | undefined): Promise<Snapshot> {
  // One snapshot for both reads. A reply and the end of its run commit together
  // (complete-run.ts); two separate reads could see the reply while its run still says running.
  const [messages, run] = await db.transaction((tx) => Promise.all([listMessages(tx, sessionId, since), latestRun(tx, sessionId)]), {
    isolationLevel: 'repeatable read',
    accessMode: 'read only',
  });
  const runEndedSince =
    run !== null && (run.status === 'failed' || run.status === 'cancelled') && (!since || new Date(run.updated_at) > since);
  return { messages, run, news: messages.length > 0 || runEndedSince };
}

export async function pollSession(
  db: DbExecutor,
  waker: RunWaker,
  input: { sessionId: string; since: Date | undefined; holdMs: number; signal: AbortSignal },
): Promise<PollResult> {
  // Listen before looking, so a reply stored between the look and the wait still wakes this poll.
  const stopWaiting = new AbortController();
  const waiting = waker.wait(input.sessionId, input.holdMs, AbortSignal.any([input.signal, stopWaiting.signal]));
  const first = await snapshot(db, input.sessionId, input.since).catch((error: unknown) => {
    stopWaiting.abort();
    throw error;
  });
  if (first.news) {
    stopWaiting.abort();
    return { messages: first.messages, run: first.run, timed_out: false };
  }
  const woken = await waiting;
  if (input.signal.aborted) return { messages: [], run: first.run, timed_out: true };
  const second = await snapshot(db, input.sessionId, input.since);
  return { messages: second.messages, run: second.run, timed_out: !woken && !second.news };
}
