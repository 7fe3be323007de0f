/**
 * The Agent Mode endpoints (docs/agent-mode.md "Endpoints"): make a run with its plan, list and
 * read a space's runs, follow one as it happens, and act on it (start, edit a step, pause, resume,
 * cancel, answer). Space-scoped: another space's run is a 404. Anyone in the space may read a run;
 * acting on it is for the person who started it and the organisation's owners and admins
 * (actOnRunBlockedReason). Methods and paths are in agent-mode-routes.ts; the wire shapes in
 * agent-mode.ts.
 */
import { z } from 'zod';
import {
  agentModeRunDetailSchema,
  agentModeRunPageSchema,
  answerSchema,
  createRunSchema,
  editStepSchema,
  RUNS_PAGE_LIMIT,
  RUNS_PAGE_MAX,
} from './agent-mode';
import type { EndpointDeclaration } from './endpoint';

const runParams = z.object({ id: z.uuid({ error: 'Must be an id' }) });
const stepParams = runParams.extend({ stepId: z.uuid({ error: 'Must be an id' }) });
const listQuery = z.object({
  limit: z.coerce.number().int().min(1).max(RUNS_PAGE_MAX).default(RUNS_PAGE_LIMIT),
  offset: z.coerce.number().int().min(0).default(0),
});

const common = { tags: ['agent-mode'], auth: 'bearer' } as const;
/** Reading a run, or the list. */
const readErrors = [400, 401, 404, 422];
/** Acting on a run answers it as it now is, or why it cannot (402: the plan lapsed; 403: not theirs; 409: not in that state). */
const acting = { ...common, params: runParams, answers: { 200: agentModeRunDetailSchema }, errors: [400, 401, 402, 403, 404, 409, 422] } as const;

export const AGENT_MODE_DECLARATIONS = {
  list: {
    ...common,
    summary: "The space's Agent Mode runs, newest first, with their deliverables",
    query: listQuery,
    answers: { 200: agentModeRunPageSchema },
    errors: readErrors,
  },
  create: {
    ...common,
    summary: 'Makes a run and its plan for a goal; nothing runs (or is charged) until it is started',
    body: createRunSchema,
    answers: { 201: agentModeRunDetailSchema },
    errors: readErrors,
  },
  get: {
    ...common,
    summary: "A run with its steps (a running step's output as last saved)",
    params: runParams,
    answers: { 200: agentModeRunDetailSchema },
    errors: readErrors,
  },
  stream: {
    ...common,
    summary:
      'Server-sent events of the run: `run` {run, steps} on every change, `delta` {step_id, text} as a step writes, one `done` {run, steps} when it rests',
    params: runParams,
    // Its events are RUN_STREAM_EVENTS (agent-mode.ts); a stream is never serialised, so the answer
    // is declared as the event stream it is rather than checked against a JSON schema.
    answers: { 200: z.unknown() },
    answerTypes: { 200: 'text/event-stream' },
    errors: readErrors,
  },
  approve: { ...acting, summary: 'Starts the plan (402 when the plan has expired); steps are charged as they run' },
  pause: { ...acting, summary: 'Pauses the run: at once when queued, when the step in progress ends when running' },
  resume: { ...acting, summary: 'Resumes a paused run from its next step (or keeps a run running that was to pause)' },
  cancel: { ...acting, summary: 'Cancels the run; charged steps that had not finished are refunded' },
  answer: { ...acting, summary: "Answers the waiting step's question (or skips it); the run carries on", body: answerSchema },
  editStep: { ...acting, summary: "Changes a step's instruction before it runs", params: stepParams, body: editStepSchema },
} satisfies Record<string, EndpointDeclaration>;

export type AgentModeDeclarations = typeof AGENT_MODE_DECLARATIONS;
