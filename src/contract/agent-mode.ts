/**
 * Agent Mode (docs/agent-mode.md): a goal handed to several agents, carried out as a visible plan of
 * steps in the background. The wire shapes of its endpoints, what each step costs, the texts both
 * sides show, and the notification a run raises when it finishes or needs the person.
 */
import { z } from 'zod';
import { AGENT_NAMES } from './agent-names';
import { ASSET_KINDS, MAX_ATTACHED_ASSETS, type AssetKind } from './asset-types';
import { isOrgManagerRole, type Role } from './auth';
import { CHAT_MODES, K_BY_MODE, MODE_MULTIPLIERS, type ChatMode } from './chat';
import { notificationTags } from './notification-rules';
import { wireId } from './wire';

export const AGENT_MODE_AGENTS = Object.keys(AGENT_NAMES) as (keyof typeof AGENT_NAMES)[];

/** What a step does; the plan is made of these, in this order (docs/agent-mode.md "The plan"). */
export const STEP_KINDS = ['research', 'analytics', 'brief', 'draft', 'brand_check', 'revise'] as const;
export type StepKind = (typeof STEP_KINDS)[number];

/**
 * Credits per step before the mode multiplier. Steps that only read (the knowledge base, the
 * figures) cost a quarter of a chat message; writing the draft costs what a chat message does.
 */
export const STEP_BASE_CREDITS: Readonly<Record<StepKind, number>> = {
  research: 5,
  analytics: 5,
  brief: 10,
  draft: 20,
  brand_check: 10,
  revise: 15,
};

/** What a step costs in a mode: ceil(base × multiplier), like a chat message (spec 001 §5). */
export function stepCost(kind: StepKind, mode: ChatMode): number {
  return Math.ceil(STEP_BASE_CREDITS[kind] * MODE_MULTIPLIERS[mode]);
}

/** Knowledge passages a research step reads, by mode (the chat's k, spec 001 §9). */
export const researchDepth = (mode: ChatMode): number => K_BY_MODE[mode];

/** Steps whose output becomes the deliverable (the document on the right). */
export const WRITING_STEPS: readonly StepKind[] = ['draft', 'revise'];
export const writesDeliverable = (kind: StepKind): boolean => WRITING_STEPS.includes(kind);

/** Agents that can read the space's Google Analytics figures (the chat's analytics_report tool). */
export const ANALYTICS_AGENTS: readonly string[] = ['strategy-review', 'cmo', 'seo'];

/** Words in a goal that point to the agent best placed to write the deliverable. */
const WRITER_CUES: readonly [string, RegExp][] = [
  ['email', /\b(e-?mails?|newsletters?|sequences?|drip|inbox|subject lines?|nurture)\b/i],
  ['seo', /\b(seo|search|keywords?|rank(ing)?|blog|articles?|landing pages?|meta|organic)\b/i],
  ['creative', /\b(ads?|adverts?|concepts?|creative|social|posts?|taglines?|headlines?|visuals?|video|banners?)\b/i],
  ['cmo', /\b(plan|strategy|budget|board|priorities|quarter|roadmap|launch)\b/i],
];
/** Without a cue, the first of these among the chosen agents writes. */
const WRITER_ORDER = ['email', 'creative', 'seo', 'cmo', 'strategy-review', 'brand-voice'];

/** The chosen agent who writes the deliverable for this goal. */
export function writerFor(goal: string, chosen: readonly string[]): string {
  for (const [slug, cue] of WRITER_CUES) if (chosen.includes(slug) && cue.test(goal)) return slug;
  return WRITER_ORDER.find((slug) => chosen.includes(slug)) ?? chosen[0] ?? 'cmo';
}

/**
 * The agents suggested for a goal before the person changes them: the writer its words point to,
 * the CMO for the brief and the figures, and Brand Voice for the check.
 */
export function suggestAgents(goal: string): string[] {
  const cue = WRITER_CUES.find(([slug, pattern]) => slug !== 'cmo' && pattern.test(goal));
  return [...new Set([...(cue ? [cue[0]] : []), 'cmo', 'brand-voice'])];
}

export const RUN_STATUSES = [
  /** The plan is ready; nothing runs until the person starts it (and may edit steps first). */
  'awaiting_approval',
  /** Started or resumed; waiting for a worker. */
  'queued',
  'running',
  /** A step asked a question; nothing runs until it is answered. */
  'waiting_for_answer',
  /** Paused by the person, or because credits ran out or the plan lapsed (`pause_reason`). */
  'paused',
  'succeeded',
  'failed',
  'cancelled',
] as const;
export type AgentModeRunStatus = (typeof RUN_STATUSES)[number];

export const FINISHED_STATUSES: readonly AgentModeRunStatus[] = ['succeeded', 'failed', 'cancelled'];
export const isFinished = (status: AgentModeRunStatus): boolean => FINISHED_STATUSES.includes(status);
/** States in which the run moves on by itself (a stream of it has something to wait for). */
export const MOVING_STATUSES: readonly AgentModeRunStatus[] = ['queued', 'running'];
export const isMoving = (status: AgentModeRunStatus): boolean => MOVING_STATUSES.includes(status);

export const PAUSE_REASONS = ['user', 'credits', 'plan'] as const;
export type PauseReason = (typeof PAUSE_REASONS)[number];

export const STEP_STATUSES = ['pending', 'running', 'waiting', 'succeeded', 'failed', 'cancelled'] as const;
export type AgentModeStepStatus = (typeof STEP_STATUSES)[number];

/** Limits of what a person types (the server refuses more with a 422 naming the field). */
export const GOAL_MAX_CHARS = 4_000;
export const INSTRUCTION_MAX_CHARS = 2_000;
export const ANSWER_MAX_CHARS = 4_000;
export const MAX_REFERENCED_DOCUMENTS = 10;
/** The run list's page: its size unless asked otherwise, and the most one request may ask for. */
export const RUNS_PAGE_LIMIT = 20;
export const RUNS_PAGE_MAX = 100;

export interface ReferencedDocument {
  id: string;
  filename: string;
}

/** A Creative Asset the goal carries (docs/agent-mode.md "Attached assets"), named as it was when attached. */
export interface AttachedAsset {
  id: string;
  name: string;
  kind: AssetKind;
}

/** One tool use inside a step, shown under the step ("Searched the knowledge base: 4 passages"). */
export interface StepActivity {
  tool: 'knowledge_search' | 'analytics_report' | 'brand_voice' | 'ask_user';
  summary: string;
}

export interface AgentModeStep {
  id: string;
  run_id: string;
  position: number;
  kind: StepKind;
  agent_slug: string;
  title: string;
  instruction: string;
  status: AgentModeStepStatus;
  /** Markdown written by the step (for writing steps, the deliverable as that step left it). */
  output: string;
  /** The question the step asked, while it waits and afterwards. */
  question: string | null;
  /** The person's answer (null while waiting, or when they chose to go on without one). */
  answer: string | null;
  error: string | null;
  /** What the step costs (charged when it starts). */
  credits: number;
  charged: boolean;
  refunded: boolean;
  activity: StepActivity[];
  started_at: string | null;
  finished_at: string | null;
}

export interface AgentModeRun {
  id: string;
  title: string;
  goal: string;
  agents: string[];
  mode: ChatMode;
  status: AgentModeRunStatus;
  pause_reason: PauseReason | null;
  /** A pause was asked while a step was running: the run pauses when that step ends. */
  pause_requested: boolean;
  /** Why the run is where it is, in words (a pause's or failure's reason); null when it says nothing more. */
  status_message: string | null;
  referenced_documents: ReferencedDocument[];
  /** Creative assets the goal carries: the research, brief and draft read them. */
  attached_assets: AttachedAsset[];
  /** Sum of every step's cost: the estimate shown before starting. */
  estimate_credits: number;
  /** Credits charged so far and not refunded. */
  credits_charged: number;
  step_count: number;
  steps_done: number;
  current_step_id: string | null;
  /** The document the run produces (Markdown); empty until a writing step finished. */
  deliverable: string;
  /** Engine and model that carry the steps out ('offline/mosaic-offline-1', 'openai/gpt-4o-mini'). */
  engine: string;
  started_by: string | null;
  created_at: string;
  updated_at: string;
  started_at: string | null;
  finished_at: string | null;
}

export interface AgentModeRunDetail {
  run: AgentModeRun;
  steps: AgentModeStep[];
}

export interface AgentModeRunPage {
  runs: AgentModeRun[];
  has_more: boolean;
}

export interface CreateRunPayload {
  goal: string;
  agents: string[];
  mode?: ChatMode;
  referenced_document_ids?: string[];
  /** Creative assets the goal carries (ready ones of this space). */
  asset_ids?: string[];
}

export interface AnswerPayload {
  /** The answer; null with `skip: true` to go on without one. */
  answer: string | null;
  skip?: boolean;
}

const agentSlug = z.enum(AGENT_MODE_AGENTS as [string, ...string[]]);

export const createRunSchema = z.object({
  goal: z.string().trim().min(1, 'Describe the goal').max(GOAL_MAX_CHARS, `The goal may be at most ${GOAL_MAX_CHARS} characters`),
  agents: z
    .array(agentSlug)
    .min(1, 'Choose at least one agent')
    .refine((list) => new Set(list).size === list.length, 'Each agent may be chosen once'),
  mode: z.enum(CHAT_MODES).optional(),
  referenced_document_ids: z.array(wireId).max(MAX_REFERENCED_DOCUMENTS, `Refer to at most ${MAX_REFERENCED_DOCUMENTS} documents`).optional(),
  asset_ids: z.array(wireId).max(MAX_ATTACHED_ASSETS, `Attach at most ${MAX_ATTACHED_ASSETS} assets to a goal`).optional(),
}) satisfies z.ZodType<CreateRunPayload>;

export const editStepSchema = z.object({
  instruction: z.string().trim().min(1, 'Write what the step should do').max(INSTRUCTION_MAX_CHARS, `An instruction may be at most ${INSTRUCTION_MAX_CHARS} characters`),
});

export const answerSchema = z
  .object({
    answer: z.string().trim().max(ANSWER_MAX_CHARS, `An answer may be at most ${ANSWER_MAX_CHARS} characters`).nullable(),
    skip: z.boolean().optional(),
  })
  .refine((body) => body.skip === true || (body.answer !== null && body.answer.length > 0), { message: 'Write an answer, or go on without one', path: ['answer'] }) satisfies z.ZodType<AnswerPayload>;

export const stepActivitySchema = z.object({
  tool: z.enum(['knowledge_search', 'analytics_report', 'brand_voice', 'ask_user']),
  summary: z.string(),
}) satisfies z.ZodType<StepActivity>;

export const agentModeStepSchema = z.object({
  id: wireId,
  run_id: wireId,
  position: z.number().int(),
  kind: z.enum(STEP_KINDS),
  agent_slug: z.string(),
  title: z.string(),
  instruction: z.string(),
  status: z.enum(STEP_STATUSES),
  output: z.string(),
  question: z.string().nullable(),
  answer: z.string().nullable(),
  error: z.string().nullable(),
  credits: z.number().int(),
  charged: z.boolean(),
  refunded: z.boolean(),
  activity: z.array(stepActivitySchema),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
}) satisfies z.ZodType<AgentModeStep>;

export const agentModeRunSchema = z.object({
  id: wireId,
  title: z.string(),
  goal: z.string(),
  agents: z.array(z.string()),
  mode: z.enum(CHAT_MODES),
  status: z.enum(RUN_STATUSES),
  pause_reason: z.enum(PAUSE_REASONS).nullable(),
  pause_requested: z.boolean(),
  status_message: z.string().nullable(),
  referenced_documents: z.array(z.object({ id: wireId, filename: z.string() })),
  attached_assets: z.array(z.object({ id: wireId, name: z.string(), kind: z.enum(ASSET_KINDS) })),
  estimate_credits: z.number().int(),
  credits_charged: z.number().int(),
  step_count: z.number().int(),
  steps_done: z.number().int(),
  current_step_id: z.nullable(wireId),
  deliverable: z.string(),
  engine: z.string(),
  started_by: z.nullable(wireId),
  created_at: z.string(),
  updated_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
}) satisfies z.ZodType<AgentModeRun>;

export const agentModeRunDetailSchema = z.object({ run: agentModeRunSchema, steps: z.array(agentModeStepSchema) }) satisfies z.ZodType<AgentModeRunDetail>;
export const agentModeRunPageSchema = z.object({ runs: z.array(agentModeRunSchema), has_more: z.boolean() }) satisfies z.ZodType<AgentModeRunPage>;

/**
 * GET /agent-mode/runs/{id}/stream: server-sent events. `run` carries the whole run and its steps
 * whenever they change (a running step's output as far as this connection has sent it); `delta`
 * appends text to a running step's output (`restart`: the step started over after a restart, the
 * text replaces what was shown); `done` ends the stream once the run rests (waiting for the
 * person, paused or finished), with the run as it rests.
 */
export const RUN_STREAM_EVENTS = { run: 'run', delta: 'delta', done: 'done' } as const;

export interface RunStreamDelta {
  step_id: string;
  text: string;
  restart?: boolean;
}

export const runStreamDeltaSchema = z.object({ step_id: wireId, text: z.string(), restart: z.boolean().optional() }) satisfies z.ZodType<RunStreamDelta>;

/** Texts both sides show, word for word. */
export const AGENT_MODE_TEXTS = {
  runNotFound: 'Run not found',
  stepNotFound: 'Step not found',
  othersRun: 'Members can act only on the runs they started. Ask the person who started it, or an organisation owner or admin.',
  notAwaitingApproval: 'This plan has already been started.',
  stepStarted: 'This step has already started, so its instruction can no longer change.',
  runFinished: 'This run has finished.',
  nothingToPause: 'Only a run that is running can be paused.',
  notPaused: 'Only a paused run can be resumed.',
  noQuestion: 'This run is not waiting for an answer.',
  documentMissing: (ids: string[]) => `These documents are not in this space's knowledge base: ${ids.join(', ')}`,
  pausedByUser: 'Paused. Resume to carry on from the next step.',
  pausingAfterStep: 'Pausing when this step ends.',
  pausedForCredits: (stepTitle: string, required: number, remaining: number) =>
    `Paused before "${stepTitle}": it needs ${required} credits and ${remaining} are left. Add credits, then resume.`,
  pausedForPlan: (stepTitle: string, detail: string) => `Paused before "${stepTitle}": ${detail} Resume once the plan is active again.`,
  stepFailed: (position: number, title: string, reason: string) => `Step ${position} (${title}) failed: ${reason} Its credits were refunded.`,
  agentGone: (slug: string) => `The agent "${slug}" is no longer available, so this step could not run.`,
  assetsMissing: (ids: string[]) => `These assets are not in this space's Creative Assets: ${ids.join(', ')}`,
  assetsNotReady: (names: string[]) =>
    `These assets cannot be attached yet: ${names.map((name) => `"${name}"`).join(', ')}. Attach them once they show as ready in Creative Assets (a text asset needs its text).`,
  assetGone: (name: string) => `The asset "${name}" this run carries was deleted from Creative Assets, so this step could not run.`,
  documentGone: (filename: string) => `The document "${filename}" this run refers to was deleted from the knowledge base, so this step could not run.`,
  stepInterrupted: 'The step stopped before finishing (the server restarted too often).',
  cancelled: 'Cancelled. Credits for steps that had not finished were refunded.',
} as const;

/**
 * Who may act on a run (start, edit, pause, resume, cancel, answer): the person who started it,
 * and the organisation's owners and admins. Everyone in the space may read it. Null: allowed.
 */
export function actOnRunBlockedReason(actor: { id: string; role: Role }, startedBy: string | null): string | null {
  if (isOrgManagerRole(actor.role)) return null;
  return startedBy !== null && startedBy === actor.id ? null : AGENT_MODE_TEXTS.othersRun;
}

/** Where the app shows a run (a notification's click, a shared link). */
export const runUrl = (runId: string): string => `/agent-mode?run=${encodeURIComponent(runId)}`;

export type RunNotificationEvent = 'finished' | 'needs_answer';

export interface RunNotificationContent {
  title: string;
  body: string;
  url: string;
  /** One per run: a newer notification of the run replaces the older on a device. */
  tag: string;
}

/** Longest text a notification body carries (a push message holds about 4 KB after encryption). */
export const RUN_NOTIFICATION_BODY_MAX = 300;

const clipBody = (text: string) => (text.length > RUN_NOTIFICATION_BODY_MAX ? `${text.slice(0, RUN_NOTIFICATION_BODY_MAX - 1)}…` : text);

/**
 * What a run says when it needs the person or has finished, or null when it has nothing to say
 * (still moving, paused by the person, cancelled by them). The server's notification and the
 * app's browser notification are made from this one function, so both read the same.
 */
export function runNotification(
  run: Pick<AgentModeRun, 'id' | 'title' | 'status' | 'pause_reason' | 'status_message'>,
  question: string | null,
): (RunNotificationContent & { event: RunNotificationEvent }) | null {
  const base = { url: runUrl(run.id), tag: notificationTags.run(run.id) };
  switch (run.status) {
    case 'succeeded':
      return { ...base, event: 'finished', title: 'Agent Mode run finished', body: clipBody(`"${run.title}" is ready to read.`) };
    case 'failed':
      return { ...base, event: 'finished', title: 'Agent Mode run stopped', body: clipBody(`"${run.title}": ${run.status_message ?? 'a step failed.'}`) };
    case 'waiting_for_answer':
      return { ...base, event: 'needs_answer', title: 'Agent Mode needs your answer', body: clipBody(question ? `"${run.title}": ${question}` : `"${run.title}" is waiting for you.`) };
    case 'paused':
      if (run.pause_reason === 'user' || run.pause_reason === null) return null;
      return { ...base, event: 'needs_answer', title: 'Agent Mode run paused', body: clipBody(`"${run.title}": ${run.status_message ?? 'it needs your attention.'}`) };
    default:
      return null;
  }
}
