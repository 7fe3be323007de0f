/**
 * A run as it happens (GET /agent-mode/runs/{id}/stream, docs/agent-mode.md "Streaming"):
 * server-sent events of the run and its steps whenever they change, and of a running step's text
 * as it is written; one `done` when the run rests. The same mechanism as a chat reply's stream:
 * text comes from this process's stream hub when the step runs here, else from what the worker
 * saved (announced on PostgreSQL by NOTIFY); changes of state come through the waker.
 */
import { RUN_STREAM_EVENTS, isMoving, type AgentModeRunDetail, type RunStreamDelta } from '../../../../src/contract/agent-mode';
import type { DbExecutor } from '../../db/database';
import { followTopic, sseEvent, type EventSink } from '../leased-runs/event-stream';
import type { StreamHub } from '../leased-runs/stream-hub';
import type { RunWaker } from '../leased-runs/waker';
import { readRun, readSteps } from './run-claims';
import { toDetailDto, type RunRow, type StepRow } from './serializers';
import { runTopic } from './topic';

export interface RunStreamDeps {
  db: DbExecutor;
  waker: RunWaker;
  streams: StreamHub;
}

const event = (name: string, data: AgentModeRunDetail | RunStreamDelta) => sseEvent(name, data);

/** What makes a `run` event worth sending: any change but the running step's text. */
function stateKey(run: RunRow, steps: StepRow[]): string {
  return JSON.stringify([run.status, run.updatedAt.getTime(), run.pauseRequested, steps.map((step) => [step.status, step.updatedAt.getTime(), step.activity.length])]);
}

export async function streamRun(deps: RunStreamDeps, runId: string, write: EventSink, signal: AbortSignal): Promise<void> {
  const { db, streams } = deps;
  const shown = new Map<string, string>();
  let sentKey = '';
  let runningIds: string[] = [];
  await followTopic(
    deps,
    runTopic(runId),
    write,
    signal,
    async (fresh) => {
      if (!fresh) {
        for (const id of runningIds) {
          const local = streams.localText(id);
          if (local) sendDelta(write, shown, id, local.text);
        }
        return 'more';
      }
      const run = await readRun(db, runId);
      if (!run) return 'done';
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
        write(event(RUN_STREAM_EVENTS.done, detail));
        return 'done';
      }
      if (key !== sentKey) {
        // The run event carries the running steps' text so far: later deltas continue from it.
        for (const [id, text] of texts) shown.set(id, text);
        write(event(RUN_STREAM_EVENTS.run, detail));
        sentKey = key;
      } else {
        for (const [id, text] of texts) sendDelta(write, shown, id, text);
      }
      return 'more';
    },
    () => runningIds.every((id) => streams.localText(id) !== undefined),
  );
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
