/**
 * Follows a run as it happens (GET /agent-mode/runs/{id}/stream, docs/agent-mode.md "Streaming"):
 * hands each change of the run and each piece of a step's text to the caller, and resolves with
 * the run as it came to rest. Resolves null when the stream could not be opened or broke before the
 * run rested (offline, a proxy that cut it): the caller reads the run again and follows it anew.
 */
import { agentModeRunDetailSchema, RUN_STREAM_EVENTS, runStreamDeltaSchema, type AgentModeRunDetail, type RunStreamDelta } from '../../contract/agent-mode';
import { describeError, logger } from '../../lib/logger';
import { readServerSentEvents } from '../../lib/sse';
import { agentModeApi } from './agent-mode.api';

export interface RunStreamHandlers {
  runId: string;
  signal: AbortSignal;
  onRun: (detail: AgentModeRunDetail) => Promise<void> | void;
  onDelta: (delta: RunStreamDelta) => void;
}

export async function followRunStream({ runId, signal, onRun, onDelta }: RunStreamHandlers): Promise<AgentModeRunDetail | null> {
  if (typeof ReadableStream === 'undefined') return null;
  try {
    const body = await agentModeApi.stream(runId, signal);
    for await (const event of readServerSentEvents(body)) {
      if (event.event === RUN_STREAM_EVENTS.delta) {
        onDelta(runStreamDeltaSchema.parse(JSON.parse(event.data)));
      } else if (event.event === RUN_STREAM_EVENTS.run) {
        await onRun(agentModeRunDetailSchema.parse(JSON.parse(event.data)));
      } else if (event.event === RUN_STREAM_EVENTS.done) {
        return agentModeRunDetailSchema.parse(JSON.parse(event.data));
      }
    }
  } catch (error) {
    if (!signal.aborted) logger.info('Agent Mode stream broke; reading the run again', { error: describeError(error) });
  }
  return null;
}
