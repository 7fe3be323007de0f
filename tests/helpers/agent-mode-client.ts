/** Agent Mode calls for the server tests: through the real app (inject), and the run's stream over real HTTP. */
import type { FastifyInstance } from 'fastify';
import type { AgentModeRunDetail, AgentModeRunStatus, RunStreamDelta } from '../../src/contract/agent-mode';
import { readServerSentEvents } from '../../src/lib/sse';
import { API, authHeaders } from './server';
import { until } from './wait-until';

export interface Caller {
  access_token: string;
  spaceId: string;
}

const headers = (caller: Caller) => authHeaders(caller.access_token, caller.spaceId);

export function createRun(app: FastifyInstance, caller: Caller, payload: object) {
  return app.inject({ method: 'POST', url: `${API}/agent-mode/runs`, headers: headers(caller), payload });
}

export async function newRun(app: FastifyInstance, caller: Caller, payload: { goal: string; agents: string[]; mode?: string; referenced_document_ids?: string[]; asset_ids?: string[] }): Promise<AgentModeRunDetail> {
  const response = await createRun(app, caller, payload);
  if (response.statusCode !== 201) throw new Error(`create run answered ${response.statusCode}: ${response.body}`);
  return response.json<AgentModeRunDetail>();
}

export function runAction(app: FastifyInstance, caller: Caller, runId: string, action: 'approve' | 'pause' | 'resume' | 'cancel') {
  return app.inject({ method: 'POST', url: `${API}/agent-mode/runs/${runId}/${action}`, headers: headers(caller) });
}

export function answer(app: FastifyInstance, caller: Caller, runId: string, body: { answer: string | null; skip?: boolean }) {
  return app.inject({ method: 'POST', url: `${API}/agent-mode/runs/${runId}/answer`, headers: headers(caller), payload: body });
}

export function editStep(app: FastifyInstance, caller: Caller, runId: string, stepId: string, instruction: string) {
  return app.inject({ method: 'PATCH', url: `${API}/agent-mode/runs/${runId}/steps/${stepId}`, headers: headers(caller), payload: { instruction } });
}

export function getRun(app: FastifyInstance, caller: Caller, runId: string) {
  return app.inject({ method: 'GET', url: `${API}/agent-mode/runs/${runId}`, headers: headers(caller) });
}

export async function runDetail(app: FastifyInstance, caller: Caller, runId: string): Promise<AgentModeRunDetail> {
  const response = await getRun(app, caller, runId);
  if (response.statusCode !== 200) throw new Error(`get run answered ${response.statusCode}: ${response.body}`);
  return response.json<AgentModeRunDetail>();
}

/** Waits until the run is in one of these states (the server moves it; nothing here sleeps for a fixed time). */
export async function waitForStatus(app: FastifyInstance, caller: Caller, runId: string, statuses: AgentModeRunStatus[], maxMs = 30_000): Promise<AgentModeRunDetail> {
  let last: AgentModeRunDetail | undefined;
  await until(
    `run ${runId} to become ${statuses.join(' or ')} (last: ${last?.run.status})`,
    async () => {
      last = await runDetail(app, caller, runId);
      return statuses.includes(last.run.status);
    },
    maxMs,
  );
  return last!;
}

export interface RunStreamReader {
  /** Every event in order, as received. */
  events(): { event: string; data: unknown }[];
  /** A step's text as the deltas (and run events) built it. */
  textOf(stepId: string): string;
  untilText(stepId: string, characters: number): Promise<void>;
  done(): Promise<AgentModeRunDetail>;
  close(): void;
}

/** Opens GET /agent-mode/runs/{id}/stream as a browser's fetch does (the app must listen). */
export async function openRunStream(baseUrl: string, caller: Caller, runId: string): Promise<RunStreamReader> {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}${API}/agent-mode/runs/${runId}/stream`, { headers: headers(caller), signal: controller.signal });
  if (response.status !== 200 || !response.body) throw new Error(`stream answered ${response.status}: ${await response.text()}`);
  const events: { event: string; data: unknown }[] = [];
  const texts = new Map<string, string>();
  const waiters = new Set<() => void>();
  const finished = (async () => {
    for await (const event of readServerSentEvents(response.body!)) {
      const data = JSON.parse(event.data) as unknown;
      events.push({ event: event.event, data });
      if (event.event === 'delta') {
        const delta = data as RunStreamDelta;
        texts.set(delta.step_id, delta.restart ? delta.text : (texts.get(delta.step_id) ?? '') + delta.text);
      } else {
        for (const step of (data as AgentModeRunDetail).steps) texts.set(step.id, step.output);
      }
      for (const wake of waiters) wake();
      if (event.event === 'done') return data as AgentModeRunDetail;
    }
    throw new Error('the stream ended without a done event');
  })();
  finished.catch(() => undefined).finally(() => {
    for (const wake of waiters) wake();
  });
  return {
    events: () => events,
    textOf: (stepId) => texts.get(stepId) ?? '',
    untilText: (stepId, characters) =>
      new Promise<void>((resolve, reject) => {
        const check = () => {
          if ((texts.get(stepId)?.length ?? 0) >= characters) {
            waiters.delete(check);
            resolve();
          }
        };
        waiters.add(check);
        check();
        finished.then(() => {
          check();
          if ((texts.get(stepId)?.length ?? 0) < characters) reject(new Error(`the stream ended with ${texts.get(stepId)?.length ?? 0} characters of step ${stepId}`));
        }, reject);
      }),
    done: () => finished,
    close: () => controller.abort(),
  };
}
