/**
 * Agent Mode on the fake backend (tests/web/app/support/fake-api.ts): a run that moves as the test
 * says, answering like the real server (every body is checked against the contract's declarations),
 * and a stream the test writes events into.
 */
import type { AgentModeRun, AgentModeRunDetail, AgentModeStep, AttachedAsset, StepKind } from '../../../src/contract/agent-mode';
import type { FakeApi, RecordedCall } from '../app/support/fake-api';
import { writableEventStream } from '../app/support/event-stream';

const AT = '2026-03-01T09:00:00.000Z';

const STEPS: [StepKind, string, string, number][] = [
  ['research', 'cmo', 'Research the knowledge base', 5],
  ['brief', 'cmo', 'Set the brief', 10],
  ['draft', 'email', 'Write the draft', 20],
  ['brand_check', 'brand-voice', 'Check against the brand voice', 10],
  ['revise', 'email', 'Revise for the brand voice', 15],
];

export function makeStep(runId: string, index: number, extra: Partial<AgentModeStep> = {}): AgentModeStep {
  const [kind, agent, title, credits] = STEPS[index]!;
  return {
    id: `step-${index + 1}`,
    run_id: runId,
    position: index + 1,
    kind,
    agent_slug: agent,
    title,
    instruction: `Instruction of ${title.toLowerCase()}.`,
    status: 'pending',
    output: '',
    question: null,
    answer: null,
    error: null,
    credits,
    charged: false,
    refunded: false,
    activity: [],
    started_at: null,
    finished_at: null,
    ...extra,
  };
}

export function makeRun(id: string, goal: string, extra: Partial<AgentModeRun> = {}): AgentModeRun {
  return {
    id,
    title: goal.split('\n')[0]!, // stored whole, as the server names it (never cut)
    goal,
    agents: ['email', 'cmo', 'brand-voice'],
    mode: 'normal',
    status: 'awaiting_approval',
    pause_reason: null,
    pause_requested: false,
    status_message: null,
    referenced_documents: [],
    attached_assets: [],
    estimate_credits: 60,
    credits_charged: 0,
    step_count: 5,
    steps_done: 0,
    current_step_id: null,
    deliverable: '',
    engine: 'offline/mosaic-offline-1',
    started_by: 'u-org_owner',
    created_at: AT,
    updated_at: AT,
    started_at: null,
    finished_at: null,
    ...extra,
  };
}

/** A server-sent event stream the test writes into. */
export function controlledStream() {
  const { body, send, end } = writableEventStream();
  return {
    body,
    run: (detail: AgentModeRunDetail) => send('run', detail),
    delta: (stepId: string, text: string) => send('delta', { step_id: stepId, text }),
    done: (detail: AgentModeRunDetail) => {
      send('done', detail);
      end();
    },
  };
}

export interface FakeAgentMode {
  /** The run as the server holds it now; the test changes it between events. */
  detail: AgentModeRunDetail;
  /** Streams handed out, in order (a new one per GET …/stream). */
  streams: ReturnType<typeof controlledStream>[];
  /** The list answers with these (the run itself is added when made). */
  listed: AgentModeRun[];
  /** The space's assets as the server knows them: a new run carries those whose ids it was sent. */
  assets: AttachedAsset[];
  /** The n-th stream the app opened (0-based), once it has. */
  stream(index: number): Promise<ReturnType<typeof controlledStream>>;
  /** Copies of detail with changes, for events. */
  with(run: Partial<AgentModeRun>, steps?: Partial<AgentModeStep>[]): AgentModeRunDetail;
}

export function installFakeAgentMode(api: FakeApi, runId = 'run-1'): FakeAgentMode {
  const waiting: (() => void)[] = [];
  const fake: FakeAgentMode = {
    detail: { run: makeRun(runId, 'Plan the spring launch email sequence for small business owners'), steps: STEPS.map((_, index) => makeStep(runId, index)) },
    streams: [],
    listed: [],
    assets: [],
    stream: (index) =>
      new Promise((resolve) => {
        const check = () => {
          const stream = fake.streams[index];
          if (!stream) return false;
          resolve(stream);
          return true;
        };
        const wake = () => {
          if (!check()) waiting.push(wake);
        };
        wake();
      }),
    with(run, steps = []) {
      return {
        run: { ...fake.detail.run, ...run },
        steps: fake.detail.steps.map((step, index) => ({ ...step, ...(steps[index] ?? {}) })),
      };
    },
  };
  const answer = () => ({ status: 200, body: fake.detail });
  api.on('GET /agent-mode/runs', () => ({ status: 200, body: { runs: fake.listed, has_more: false } }));
  api.on('POST /agent-mode/runs', (call: RecordedCall) => {
    const body = call.body as { goal: string; agents: string[]; asset_ids?: string[] };
    const attached = (body.asset_ids ?? []).flatMap((id) => fake.assets.filter((asset) => asset.id === id));
    fake.detail = {
      ...fake.detail,
      run: { ...fake.detail.run, goal: body.goal, title: body.goal.split('\n')[0]!, agents: body.agents, attached_assets: attached },
    };
    return { status: 201, body: fake.detail };
  });
  api.on(`GET /agent-mode/runs/${runId}`, answer);
  api.on(`POST /agent-mode/runs/${runId}/approve`, () => {
    fake.detail = fake.with({ status: 'queued', started_at: AT });
    return answer();
  });
  api.on(`POST /agent-mode/runs/${runId}/answer`, () => {
    fake.detail = fake.with({ status: 'queued' });
    return answer();
  });
  api.on(`POST /agent-mode/runs/${runId}/cancel`, () => {
    fake.detail = fake.with({ status: 'cancelled', status_message: 'Cancelled. Credits for steps that had not finished were refunded.' });
    return answer();
  });
  api.on(`PATCH /agent-mode/runs/${runId}/steps/step-3`, (call) => {
    const { instruction } = call.body as { instruction: string };
    fake.detail = { ...fake.detail, steps: fake.detail.steps.map((step) => (step.id === 'step-3' ? { ...step, instruction } : step)) };
    return answer();
  });
  api.on(`GET /agent-mode/runs/${runId}/stream`, () => {
    const stream = controlledStream();
    fake.streams.push(stream);
    for (const wake of waiting.splice(0)) wake();
    return { status: 200, stream: stream.body };
  });
  return fake;
}
