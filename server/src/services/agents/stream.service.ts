/**
 * The reply stream of a session (GET /agents/sessions/{id}/stream, docs/agents.md "Streaming"):
 * server-sent events of the open run's text as it is written, then one `done` with the run as it
 * ended and its reply. Text comes from this process's stream hub when the run is answered here,
 * else from what the answering process saved (it announces each save, on PostgreSQL by NOTIFY);
 * the end of the run comes from the waker, like the long poll's.
 */
import { and, desc, eq } from 'drizzle-orm';
import { STREAM_EVENTS, type StreamDelta, type StreamDone } from '../../../../src/contract/agents';
import type { DbExecutor } from '../../db/database';
import { agentRuns, chatMessages } from '../../db/schema/index';
import { followTopic, keepAlive, KEEP_ALIVE_MS, sseEvent, type EventSink } from '../leased-runs/event-stream';
import type { StreamHub } from '../leased-runs/stream-hub';
import type { RunWaker } from '../leased-runs/waker';
import { toMessageDto, toRunDto } from './serializers';

export interface StreamDeps {
  db: DbExecutor;
  waker: RunWaker;
  streams: StreamHub;
}

const event = (name: string, data: StreamDelta | StreamDone) => sseEvent(name, data);

type Look = { kind: 'open'; runId: string; text: string } | { kind: 'ended'; done: StreamDone };

async function lookAtRun(db: DbExecutor, streams: StreamHub, sessionId: string): Promise<Look> {
  const [row] = await db.select().from(agentRuns).where(eq(agentRuns.sessionId, sessionId)).orderBy(desc(agentRuns.createdAt)).limit(1);
  if (!row) return { kind: 'ended', done: { run: null, message: null } };
  if (row.status === 'queued' || row.status === 'running') {
    return { kind: 'open', runId: row.id, text: streams.localText(row.id)?.text ?? row.partialText ?? '' };
  }
  const [reply] = row.replyMessageId ? await db.select().from(chatMessages).where(eq(chatMessages.id, row.replyMessageId)) : [];
  return { kind: 'ended', done: { run: toRunDto(row), message: reply ? toMessageDto(reply) : null } };
}

/** How long a stream asked for with its send waits for that send's run before giving up (the client then polls). */
export const SEND_WAIT_MS = 30_000;

/** The run answering the message sent with this Idempotency-Key, if that send was accepted. */
async function runOfSend(db: DbExecutor, sessionId: string, sendKey: string): Promise<string | null> {
  const [row] = await db
    .select({ runId: agentRuns.id })
    .from(chatMessages)
    .innerJoin(agentRuns, eq(agentRuns.userMessageId, chatMessages.id))
    .where(and(eq(chatMessages.sessionId, sessionId), eq(chatMessages.idempotencyKey, sendKey)))
    .limit(1);
  return row?.runId ?? null;
}

/**
 * A stream asked for together with its send (`?send=<Idempotency-Key>`), which may arrive before
 * the send is accepted: it waits for that send's run, so it follows the new reply from its first
 * words instead of reporting the session's previous run as ended. The run's first text (or its
 * end) is the signal to look again; nothing is read while the model has not started. The run's
 * id, or null when no such run came within SEND_WAIT_MS, or the client left.
 */
async function waitForRunOfSend({ db, waker, streams }: StreamDeps, sessionId: string, sendKey: string, write: EventSink, signal: AbortSignal): Promise<string | null> {
  const deadline = Date.now() + SEND_WAIT_MS;
  while (!signal.aborted && !streams.closed() && Date.now() < deadline) {
    // Listen before looking, so a run that starts between the look and the wait still wakes it.
    const round = new AbortController();
    let stopListening = () => {};
    const nudged = new Promise<'text'>((resolve) => (stopListening = streams.subscribe(sessionId, () => resolve('text'))));
    const ended = waker.wait(sessionId, Math.min(KEEP_ALIVE_MS, deadline - Date.now()), AbortSignal.any([signal, round.signal])).then((woken) => (woken ? 'run' : 'idle'));
    try {
      const runId = await runOfSend(db, sessionId, sendKey);
      if (runId) return runId;
      if ((await Promise.race([nudged, ended])) === 'idle') keepAlive(write);
    } finally {
      round.abort();
      stopListening();
    }
  }
  return null;
}

export async function streamSession(deps: StreamDeps, sessionId: string, write: EventSink, signal: AbortSignal, options: { sendKey?: string } = {}): Promise<void> {
  // Asked for with its send, the stream may wait a while for the run: say at once that it is open.
  if (options.sendKey) write(': waiting for the send\n\n');
  const runOfThisSend = options.sendKey ? await waitForRunOfSend(deps, sessionId, options.sendKey, write, signal) : null;
  if (options.sendKey && !runOfThisSend) {
    if (!signal.aborted) write(event(STREAM_EVENTS.done, { run: null, message: null }));
    return;
  }
  return followSession(deps, sessionId, write, signal, runOfThisSend);
}

/**
 * `knownRunId`: the run a stream asked for with its send found. When this process is writing it
 * (the run starts in the process that accepted the send), its text so far is sent from the hub
 * before anything is read: on the embedded database's one connection that read queued behind the
 * run's own end (its reply saved in one transaction), so a quick reply was found finished and came
 * whole at its end instead of from its first words (docs/agents.md, "Send → first streamed
 * character"). The run is then read as usual, so an end that came meanwhile is still seen.
 */
async function followSession(deps: StreamDeps, sessionId: string, write: EventSink, signal: AbortSignal, knownRunId: string | null = null): Promise<void> {
  const { db, streams } = deps;
  let shown = '';
  let runId: string | null = knownRunId;
  const show = (id: string, text: string) => {
    if (text.length > shown.length || !text.startsWith(shown)) {
      // A run resumed after a crash starts over: the client replaces what it showed.
      const restart = !text.startsWith(shown);
      const delta = restart ? text : text.slice(shown.length);
      write(event(STREAM_EVENTS.delta, restart ? { run_id: id, text: delta, restart } : { run_id: id, text: delta }));
      shown = text;
    }
  };
  const early = knownRunId ? streams.localText(knownRunId) : undefined;
  if (knownRunId && early) show(knownRunId, early.text);
  await followTopic(
    deps,
    sessionId,
    write,
    signal,
    async (fresh) => {
      const local: { text: string } | undefined = runId && !fresh ? streams.localText(runId) : undefined;
      const look: Look = local ? { kind: 'open', runId: runId!, text: local.text } : await lookAtRun(db, streams, sessionId);
      if (look.kind === 'ended') {
        write(event(STREAM_EVENTS.done, look.done));
        return 'done';
      }
      runId = look.runId;
      show(look.runId, look.text);
      return 'more';
    },
    () => runId !== null && streams.localText(runId) !== undefined,
  );
}
