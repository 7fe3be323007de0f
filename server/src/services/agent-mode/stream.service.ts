/**
 * A run as it happens (GET /agent-mode/runs/{id}/stream, docs/agent-mode.md "Streaming"):
 * server-sent events of the run and its steps whenever they change, and of a running step's text
 * as it is written; one `done` when the run rests. The same mechanism as a chat reply's stream:
 * text comes from this process's stream hub when the step runs here, else from what the worker
 * saved (announced on PostgreSQL by NOTIFY); changes of state come through the waker.
 */
import { RUN_STREAM_EVENTS, isMoving, type AgentModeRunDetail, type RunStreamDelta } from '../../../../src/contract/agent-mode';
import type { DbExecutor } from '../../db/database';
import type { ReplyStreamHub } from '../agents/reply-stream';
import type { ReplyWaker } from '../agents/waker';
import { readRun, readSteps } from './run-claims';
import { toDetailDto, type RunRow, type StepRow } from './serializers';
import { runTopic } from './topic';

/** A comment line this often keeps proxies from closing a quiet stream (a model thinking, a queue). */
export const KEEP_ALIVE_MS = 15_000;

export interface RunStreamDeps {
  db: DbExecutor;
  waker: ReplyWaker;
  streams: ReplyStreamHub;
}

export type EventSink = (chunk: string) => void;

const event = (name: string, data: AgentModeRunDetail | RunStreamDelta) => `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;

/** What makes a `run` event worth sending: any change but the running step's text. */
function stateKey(run: RunRow, steps: StepRow[]): string {
  return JSON.stringify([run.status, run.updatedAt.getTime(), run.pauseRequested, steps.map((step) => [step.status, step.updatedAt.getTime(), step.activity.length])]);
}

export async function streamRun({ db, waker, streams }: RunStreamDeps, runId: string, write: EventSink, signal: AbortSignal): Promise<void> {
  const topic = runTopic(runId);
  const shown = new Map<string, string>();
  let sentKey = '';
  let runningIds: string[] = [];
  let nudge: (() => void) | null = null;
  let textArrived = false;
  const unsubscribe = streams.subscribe(topic, () => {
    textArrived = true;
    nudge?.();
  });
  try {
    let needLook = true;
    while (!signal.aborted && !streams.closed()) {
      // Listen before looking, so a change between the look and the wait still wakes it.
      const round = new AbortController();
      const nudged = new Promise<'text'>((resolve) => (nudge = () => resolve('text')));
      const woken = waker.wait(topic, KEEP_ALIVE_MS, AbortSignal.any([signal, round.signal])).then((changed) => (changed ? 'changed' : 'idle'));
      textArrived = false;

      if (needLook) {
        const run = await readRun(db, runId);
        if (!run) {
          round.abort();
          return;
        }
        const steps = await readSteps(db, runId);
        const texts = new Map(steps.filter((step) => step.status === 'running').map((step) => [step.id, streams.localText(step.id)?.text ?? step.output]));
        runningIds = [...texts.keys()];
        const key = stateKey(run, steps);
        const detail = toDetailDto(run, steps);
        for (const step of detail.steps) {
          const text = texts.get(step.id);
          if (text !== undefined) step.output = text;
        }
        if (!isMoving(run.status)) {
          round.abort();
          write(event(RUN_STREAM_EVENTS.done, detail));
          return;
        }
        if (key !== sentKey) {
          // The run event carries the running steps' text so far: later deltas continue from it.
          for (const [id, text] of texts) shown.set(id, text);
          write(event(RUN_STREAM_EVENTS.run, detail));
          sentKey = key;
        } else {
          for (const [id, text] of texts) sendDelta(write, shown, id, text);
        }
      } else {
        for (const id of runningIds) {
          const local = streams.localText(id);
          if (local) sendDelta(write, shown, id, local.text);
        }
      }
      const why = textArrived ? 'text' : await Promise.race([nudged, woken]);
      round.abort();
      nudge = null;
      if (why === 'idle') write(': keep-alive\n\n');
      // Text announced by this process's hub needs no database read; anything else does.
      needLook = why !== 'text' || runningIds.some((id) => streams.localText(id) === undefined);
    }
  } finally {
    unsubscribe();
  }
}

function sendDelta(write: EventSink, shown: Map<string, string>, stepId: string, text: string): void {
  const before = shown.get(stepId) ?? '';
  if (text === before) return;
  // A step started over (resumed after a restart, or run again after an answer): the client replaces it.
  const restart = !text.startsWith(before);
  const delta: RunStreamDelta = restart ? { step_id: stepId, text, restart } : { step_id: stepId, text: text.slice(before.length) };
  if (!restart && delta.text === '') return;
  write(event(RUN_STREAM_EVENTS.delta, delta));
  shown.set(stepId, text);
}
