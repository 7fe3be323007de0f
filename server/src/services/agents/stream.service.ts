/**
 * The reply stream of a session (GET /agents/sessions/{id}/stream, docs/agents.md "Streaming"):
 * server-sent events of the open run's text as it is written, then one `done` with the run as it
 * ended and its reply. Text comes from this process's stream hub when the run is answered here,
 * else from what the answering process saved (it announces each save, on PostgreSQL by NOTIFY);
 * the end of the run comes from the waker, like the long poll's.
 */
import { desc, eq } from 'drizzle-orm';
import { STREAM_EVENTS, type StreamDelta, type StreamDone } from '../../../../src/contract/agents';
import type { DbExecutor } from '../../db/database';
import { agentRuns, chatMessages } from '../../db/schema/index';
import type { ReplyStreamHub } from './reply-stream';
import { toMessageDto, toRunDto } from './serializers';
import type { ReplyWaker } from './waker';

/** A comment line this often keeps proxies from closing a quiet stream (the model is thinking). */
export const KEEP_ALIVE_MS = 15_000;

export interface StreamDeps {
  db: DbExecutor;
  waker: ReplyWaker;
  streams: ReplyStreamHub;
}

/** Where events go: the response body. */
export type EventSink = (chunk: string) => void;

const event = (name: string, data: StreamDelta | StreamDone) => `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;

type Look = { kind: 'open'; runId: string; text: string } | { kind: 'ended'; done: StreamDone };

async function lookAtRun(db: DbExecutor, streams: ReplyStreamHub, sessionId: string): Promise<Look> {
  const [row] = await db.select().from(agentRuns).where(eq(agentRuns.sessionId, sessionId)).orderBy(desc(agentRuns.createdAt)).limit(1);
  if (!row) return { kind: 'ended', done: { run: null, message: null } };
  if (row.status === 'queued' || row.status === 'running') {
    return { kind: 'open', runId: row.id, text: streams.localText(row.id)?.text ?? row.partialText ?? '' };
  }
  const [reply] = row.replyMessageId ? await db.select().from(chatMessages).where(eq(chatMessages.id, row.replyMessageId)) : [];
  return { kind: 'ended', done: { run: toRunDto(row), message: reply ? toMessageDto(reply) : null } };
}

export async function streamSession({ db, waker, streams }: StreamDeps, sessionId: string, write: EventSink, signal: AbortSignal): Promise<void> {
  let shown = '';
  let runId: string | null = null;
  let nudge: (() => void) | null = null;
  let textArrived = false;
  const unsubscribe = streams.subscribe(sessionId, () => {
    textArrived = true;
    nudge?.();
  });
  try {
    let needLook = true;
    while (!signal.aborted && !streams.closed()) {
      // Listen before looking, so an end or text that comes between the look and the wait still wakes it.
      const round = new AbortController();
      const nudged = new Promise<'text'>((resolve) => (nudge = () => resolve('text')));
      const ended = waker.wait(sessionId, KEEP_ALIVE_MS, AbortSignal.any([signal, round.signal])).then((woken) => (woken ? 'run' : 'idle'));

      const local: { text: string } | undefined = runId && !needLook ? streams.localText(runId) : undefined;
      const look: Look = local ? { kind: 'open', runId: runId!, text: local.text } : await lookAtRun(db, streams, sessionId);
      textArrived = false;
      if (look.kind === 'ended') {
        round.abort();
        write(event(STREAM_EVENTS.done, look.done));
        return;
      }
      runId = look.runId;
      if (look.text.length > shown.length || !look.text.startsWith(shown)) {
        // A run resumed after a crash starts over: the client replaces what it showed.
        const restart = !look.text.startsWith(shown);
        const text = restart ? look.text : look.text.slice(shown.length);
        write(event(STREAM_EVENTS.delta, restart ? { run_id: look.runId, text, restart } : { run_id: look.runId, text }));
        shown = look.text;
      }
      const why = textArrived ? 'text' : await Promise.race([nudged, ended]);
      round.abort();
      nudge = null;
      if (why === 'idle') write(': keep-alive\n\n');
      // Text announced by this process's hub needs no database read; anything else does.
      needLook = why !== 'text' || streams.localText(runId) === undefined;
    }
  } finally {
    unsubscribe();
  }
}
