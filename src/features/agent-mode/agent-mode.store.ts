/**
 * Agent Mode's live state (docs/agent-mode.md "Client"): the runs being followed (their stream
 * open while the app is open, so a run that finishes or asks while the person is elsewhere in the
 * app still tells them), the text of running steps as it streams, actions in flight and their
 * errors. The runs themselves live in Dexie (agent-mode.sync.ts); the screen reads them there.
 */
import { proxy } from 'valtio';
import { toast } from 'sonner';
import { ApiError } from '../../api';
import type { ChatMode } from '../../contract/chat';
import { isMoving, runNotification, type AgentModeRun, type AgentModeRunDetail, type AnswerPayload, type CreateRunPayload, type RunStreamDelta } from '../../contract/agent-mode';
import { db } from '../../db';
import { describeError, logger } from '../../lib/logger';
import { notifyRunEvent } from '../../pwa/notifications';
import { onSessionReset, onSpaceSwitch, spacesState } from '../../session';
import { announceCharge } from '../agents/billing-refresh';
import { AGENT_TEXT } from '../agents/lib/messages';
import { agentModeApi } from './agent-mode.api';
import { saveRunDetail, saveRunList } from './agent-mode.sync';
import { followRunStream } from './run-stream';

export type RunAction = 'approve' | 'pause' | 'resume' | 'cancel' | 'answer' | 'edit';

export interface RunLive {
  /** Running steps' text as it streams in (step id → the whole text so far). */
  texts: Record<string, string>;
  /** An action waiting for the server (its button shows progress). */
  busy: RunAction | null;
  error: string | null;
}

export const AGENT_MODE_TEXT = {
  listFailed: 'Could not load your runs. Showing the ones saved on this device.',
  runFailed: 'Could not load this run.',
  createFailed: 'Could not make the plan. Try again.',
  actionFailed: 'That did not go through. Try again.',
  runMissing: 'This run is not on this device, and the server could not be reached to fetch it.',
} as const;

/** The goal being written: kept while the app is open, so leaving the screen (or turning the phone) loses nothing. */
export interface GoalDraft {
  goal: string;
  /** The person's own choice of agents; null while the goal's words choose (suggestAgents). */
  picked: string[] | null;
  mode: ChatMode;
  documents: string[];
  /** Creative assets the goal carries. */
  assets: string[];
}

const emptyDraft = (): GoalDraft => ({ goal: '', picked: null, mode: 'normal', documents: [], assets: [] });

export const agentModeState = proxy<{
  draft: GoalDraft;
  runs: Record<string, RunLive>;
  /** The run on screen: its notices are shown there, not as toasts. */
  viewing: string | null;
  listError: string | null;
  creating: boolean;
  createError: string | null;
}>({ draft: emptyDraft(), runs: {}, viewing: null, listError: null, creating: false, createError: null });

const streams = new Map<string, AbortController>();
/** Back-off between attempts to follow a run again after its stream broke. */
const RETRY_MS = [1_000, 2_000, 5_000, 10_000, 30_000];

function live(runId: string): RunLive {
  if (!agentModeState.runs[runId]) agentModeState.runs[runId] = { texts: {}, busy: null, error: null };
  return agentModeState.runs[runId];
}

function messageOf(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  if (error.code === 'NETWORK_ERROR') return AGENT_TEXT.network;
  if (error.code === 'TIMEOUT_ERROR') return AGENT_TEXT.timeout;
  const detail = error.serverDetail;
  // The server's 402, 403, 409 and 422 details say what happened and what to do, word for word.
  if (detail && error.status !== null && [402, 403, 404, 409, 422].includes(error.status)) return detail;
  return fallback;
}

const currentSpace = () => spacesState.currentSpaceId;

/** Saves a run as the server sent it, and tells the person when it has just come to rest in a state that needs them. */
async function received(detail: AgentModeRunDetail): Promise<void> {
  const spaceId = currentSpace();
  if (!spaceId) return;
  const before = (await db.agentModeRuns.get(detail.run.id))?.run;
  await saveRunDetail(spaceId, detail);
  const running = new Set(detail.steps.filter((step) => step.status === 'running').map((step) => step.id));
  const state = live(detail.run.id);
  // What the run event carries is the text so far; later deltas continue from it.
  state.texts = Object.fromEntries(detail.steps.filter((step) => running.has(step.id)).map((step) => [step.id, step.output]));
  // Steps are charged while the run goes on, so a charge rarely comes with a change of status: the
  // figures follow every change of what the run has cost, whatever else changed (or did not).
  if (detail.run.credits_charged !== (before?.credits_charged ?? 0)) announceCharge();
  if (before && before.status !== detail.run.status) announce(detail);
}

function announce(detail: AgentModeRunDetail): void {
  const question = detail.steps.find((step) => step.status === 'waiting')?.question ?? null;
  const content = runNotification(detail.run, question);
  if (!content) return;
  if (typeof document !== 'undefined' && document.visibilityState === 'hidden') {
    void notifyRunEvent(content).catch(() => undefined);
    return;
  }
  if (agentModeState.viewing === detail.run.id) return;
  toast(content.title, { description: content.body, action: { label: 'Open', onClick: () => openInApp(content.url) } });
}

/** Moves the app to an in-app path without a reload (the router follows history changes). */
function openInApp(url: string): void {
  window.history.pushState({}, '', url);
  window.dispatchEvent(new PopStateEvent('popstate'));
}

function applyDelta(runId: string, delta: RunStreamDelta): void {
  const texts = live(runId).texts;
  texts[delta.step_id] = delta.restart ? delta.text : (texts[delta.step_id] ?? '') + delta.text;
}

/** Follows a moving run until it rests (or the app stops following: logout, space switch). */
export function follow(runId: string): void {
  if (streams.has(runId)) return;
  const controller = new AbortController();
  streams.set(runId, controller);
  void (async () => {
    let attempt = 0;
    while (!controller.signal.aborted) {
      const rested = await followRunStream({ runId, signal: controller.signal, onRun: received, onDelta: (delta) => applyDelta(runId, delta) });
      if (controller.signal.aborted) return;
      if (rested) {
        await received(rested);
        live(runId).texts = {};
        return;
      }
      // The stream broke: wait, read the run again, and follow it anew if it still moves.
      await new Promise((resolve) => setTimeout(resolve, RETRY_MS[Math.min(attempt, RETRY_MS.length - 1)]));
      attempt += 1;
      if (controller.signal.aborted) return;
      try {
        const detail = await agentModeApi.get(runId, controller.signal);
        await received(detail);
        if (!isMoving(detail.run.status)) return;
      } catch (error) {
        logger.info('Could not read a run while following it', { error: describeError(error) });
      }
    }
  })().finally(() => {
    if (streams.get(runId) === controller) streams.delete(runId);
  });
}

export function isFollowing(runId: string): boolean {
  return streams.has(runId);
}

/**
 * Whether the list shows a run this device holds at another cost than it saved. Each run event is
 * compared with the device's copy (received), which the list overwrites: a charge the list brought
 * first (the runs tab opened while a run went on) never reached the credits on screen, and the
 * sidebar kept the figures from before the run until a reload.
 */
async function costChangedOnDevice(runs: readonly AgentModeRun[]): Promise<boolean> {
  const saved = await db.agentModeRuns.bulkGet(runs.map((run) => run.id));
  return runs.some((run, index) => {
    const before = saved[index]?.run;
    return before !== undefined && before.credits_charged !== run.credits_charged;
  });
}

/** The space's runs, fresh from the server into the device. */
export async function loadRuns(): Promise<void> {
  const spaceId = currentSpace();
  if (!spaceId) return;
  try {
    const page = await agentModeApi.list();
    if (currentSpace() === spaceId) {
      const charged = await costChangedOnDevice(page.runs);
      await saveRunList(spaceId, page.runs);
      if (charged) announceCharge();
    }
    agentModeState.listError = null;
  } catch (error) {
    agentModeState.listError = AGENT_MODE_TEXT.listFailed;
    logger.info('Could not load Agent Mode runs', { error: describeError(error) });
  }
}

/** A run fresh from the server; followed when it is moving. */
export async function openRun(runId: string): Promise<void> {
  const state = live(runId);
  try {
    const detail = await agentModeApi.get(runId);
    await received(detail);
    state.error = null;
    if (isMoving(detail.run.status)) follow(runId);
  } catch (error) {
    const saved = await db.agentModeRuns.get(runId);
    state.error = saved ? null : error instanceof ApiError && error.status === 404 ? messageOf(error, AGENT_MODE_TEXT.runFailed) : AGENT_MODE_TEXT.runMissing;
  }
}

/** Makes the plan for a goal; resolves with the new run's id (null when refused: createError says why). */
export async function createRun(payload: CreateRunPayload): Promise<string | null> {
  agentModeState.creating = true;
  agentModeState.createError = null;
  try {
    const detail = await agentModeApi.create(payload);
    await received(detail);
    agentModeState.draft = emptyDraft();
    return detail.run.id;
  } catch (error) {
    agentModeState.createError = messageOf(error, AGENT_MODE_TEXT.createFailed);
    return null;
  } finally {
    agentModeState.creating = false;
  }
}

async function act(runId: string, action: RunAction, call: () => Promise<AgentModeRunDetail>): Promise<boolean> {
  const state = live(runId);
  state.busy = action;
  state.error = null;
  try {
    const detail = await call();
    await received(detail);
    if (isMoving(detail.run.status)) follow(runId);
    return true;
  } catch (error) {
    state.error = messageOf(error, AGENT_MODE_TEXT.actionFailed);
    // A conflict means the run moved on meanwhile: show it as it is now.
    if (error instanceof ApiError && error.status === 409) void openRun(runId);
    return false;
  } finally {
    state.busy = null;
  }
}

export const approveRun = (runId: string) => act(runId, 'approve', () => agentModeApi.approve(runId));
export const pauseRun = (runId: string) => act(runId, 'pause', () => agentModeApi.pause(runId));
export const resumeRun = (runId: string) => act(runId, 'resume', () => agentModeApi.resume(runId));
export const cancelRun = (runId: string) => act(runId, 'cancel', () => agentModeApi.cancel(runId));
export const answerQuestion = (runId: string, payload: AnswerPayload) => act(runId, 'answer', () => agentModeApi.answer(runId, payload));
export const editStepInstruction = (runId: string, stepId: string, instruction: string) =>
  act(runId, 'edit', () => agentModeApi.editStep(runId, stepId, instruction));

export function setViewing(runId: string | null): void {
  agentModeState.viewing = runId;
}

function stopAll(): void {
  for (const controller of streams.values()) controller.abort();
  streams.clear();
  agentModeState.runs = {};
  agentModeState.draft = emptyDraft();
  agentModeState.viewing = null;
  agentModeState.listError = null;
  agentModeState.createError = null;
}

onSessionReset(stopAll);
onSpaceSwitch(stopAll);
