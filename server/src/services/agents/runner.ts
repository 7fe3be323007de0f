/**
 * Answers one run: claims it, assembles the context, asks the chosen engine (a model through the
 * AI SDK, or the offline engine), stores the reply and wakes the session's long polls. Safe to
 * call more than once for the same run: only one caller can hold it, and a run resumed after a
 * crash starts over and writes one reply. A worker whose lease ran out while it was still alive
 * loses cleanly to the one that took over: its reply, retry or failure changes nothing
 * (runs.service.ts, fencing by attempt). Claim, lease and the retry policy are the leased-run
 * engine's (services/leased-runs/); what a reply is and what it costs are this file's.
 */
import { findAgent } from '../../agents/index';
import { callModel } from '../../llm/model-call';
import { composeOfflineAnswer } from '../../llm/offline/engine';
import { streamInChunks } from '../../llm/offline/stream';
import { keywords } from '../../llm/offline/text';
import { chooseModel } from '../../llm/providers';
import { LlmError } from '../../llm/types';
import type { AnalyticsLoader } from './analytics';
import { completeRun, type FirstExchangeTitle } from './complete-run';
import { keepsStartingTitle, modelTitle } from './titles';
import { assembleContext } from './context';
import { AGENT_MESSAGES } from './messages';
import { buildSystemPrompt, conversationTurns } from './prompt';
import { claimRun, endRunWithRefund, renewLease, requeueRun, savePartialText, takenOver, type RunRow } from './runs.service';
import { saveRunSources } from './run-sources';
import { citationsFor, type NumberedSource } from '../../../../src/contract/citations';
import { readAgentSettings } from './settings.service';
import { branchEndingAt } from './tree.service';
import type { MessageDto } from './serializers';
import { toMessageDto } from './serializers';
import { keepLease, leaseLostMessage } from '../leased-runs/lease';
import { attemptsUsedUp, judgeFailure } from '../leased-runs/retry-policy';
import type { AttemptDeps } from '../leased-runs/run-engine';
import type { SemanticIndex } from '../knowledge/semantic-index';
import type { Notifier } from '../notifications/notifier';
import { notifyIfLongReply } from './reply-notification';

export interface RunnerDeps extends AttemptDeps {
  /** The space's GA4 figures for agents with the analytics tool (one snapshot per run). */
  analytics: AnalyticsLoader;
  /** Hybrid knowledge search when set up at start; null → full-text. */
  semanticIndex: SemanticIndex | null;
  /** Tells the person when a long reply arrives while they may be away (reply-notification.ts). */
  notifications?: Pick<Notifier, 'notifyInBackground'>;
}

/** Logged by a worker that finds its run taken over by another (its lease ran out meanwhile). */
export const LEASE_LOST_MESSAGE = leaseLostMessage('Agent run');

export type RunOutcome =
  | { kind: 'succeeded'; reply: MessageDto }
  | { kind: 'failed'; error: string }
  | { kind: 'cancelled' }
  /** Someone else holds it, or it already ended. */
  | { kind: 'skipped' }
  /**
   * Left for a retry (requeued: its job goes after `retryAfterSeconds`) or for another process
   * (shutdown): not an outcome for the user yet.
   */
  | { kind: 'deferred'; error: string; retryAfterSeconds?: number };

export async function executeRun(
  deps: RunnerDeps,
  runId: string,
  options: { signal?: AbortSignal; mayRetry: boolean },
): Promise<RunOutcome> {
  const { db, config, waker } = deps;
  const run = await claimRun(db, runId, config.agentRuns.leaseMs);
  if (!run) return { kind: 'skipped' };
  if (attemptsUsedUp(config.agentRuns, run.attempts)) return fail(deps, run, AGENT_MESSAGES.runInterrupted);

  // A cancel from another process, or a takeover after this lease ran out, shows up as a failed
  // renewal: stop writing then.
  const lease = keepLease(() => renewLease(db, run, config.agentRuns.leaseMs), config.agentRuns.leaseMs, options.signal, (error) =>
    deps.log.warn({ err: error, runId }, 'Could not renew an agent run lease'),
  );

  try {
    const content = await answer(deps, run, lease.signal);
    const reply = await completeRun(db, run, content.text, content.engine, citationsFor(content.text, content.sources), content.title);
    if (!reply) return letGo(deps, run);
    await waker.wake(run.sessionId);
    if (deps.notifications) notifyIfLongReply(deps.notifications, run, reply);
    return { kind: 'succeeded', reply: toMessageDto(reply) };
  } catch (error) {
    const verdict = judgeFailure(config.agentRuns, error, lease.signal, run.attempts, options.mayRetry);
    switch (verdict.kind) {
      case 'let-go':
        return letGo(deps, run);
      case 'release':
        // This process is stopping: the run goes back to the queue at once with a new job, for
        // another process (this one's workers refuse it), instead of waiting for its lease to run out.
        if (!(await requeueRun(db, run, 'The server is restarting'))) return letGo(deps, run);
        return { kind: 'deferred', error: 'The server is restarting', retryAfterSeconds: 0 };
      case 'retry':
        if (!(await requeueRun(db, run, verdict.message))) return letGo(deps, run);
        deps.log.warn({ err: error, runId, attempt: run.attempts }, 'Agent run failed; it will be retried');
        return { kind: 'deferred', error: verdict.message, retryAfterSeconds: verdict.afterSeconds };
      case 'fail': {
        const outcome = await fail(deps, run, verdict.message);
        if (outcome.kind === 'failed') deps.log.error({ err: error, runId }, 'Agent run failed');
        return outcome;
      }
    }
  } finally {
    lease.release();
    deps.streams.finished(run.id);
  }
}

async function fail(deps: RunnerDeps, run: RunRow, error: string): Promise<RunOutcome> {
  if (!(await endRunWithRefund(deps.db, run.id, 'failed', error, run))) return letGo(deps, run);
  await deps.waker.wake(run.sessionId);
  return { kind: 'failed', error };
}

/** This attempt no longer holds the run: it was cancelled, or taken over after the lease ran out. */
async function letGo(deps: RunnerDeps, run: RunRow): Promise<RunOutcome> {
  if (!(await takenOver(deps.db, run))) return { kind: 'cancelled' };
  deps.log.warn({ runId: run.id, attempt: run.attempts }, LEASE_LOST_MESSAGE);
  return { kind: 'skipped' };
}

async function answer(deps: RunnerDeps, run: RunRow, signal: AbortSignal): Promise<{ text: string; engine: string; sources: NumberedSource[]; title: FirstExchangeTitle | null }> {
  const agent = findAgent(run.agentSlug);
  if (!agent) throw new LlmError(AGENT_MESSAGES.agentNotFound, false);
  // The branch of the question being answered: other versions and what follows them are not this conversation.
  const history = await branchEndingAt(deps.db, run);
  const question = history.at(-1)?.content ?? '';
  // A short follow-up ("and a meta description?") is about the earlier question too: search with both.
  const earlier = history.slice(0, -1).reverse().find((turn) => turn.role === 'user')?.content;
  const topic = earlier && keywords(question).length < 3 ? `${question}\n${earlier}` : question;
  const settings = await readAgentSettings(deps.db, run.spaceId, agent.slug);
  const context = await assembleContext(deps.db, {
    spaceId: run.spaceId,
    orgId: run.orgId,
    agent,
    message: topic,
    request: run.request,
    analytics: deps.analytics,
    semanticIndex: deps.semanticIndex,
  });
  // Saved before the first word, so a stop (from any process) records the same citations.
  await saveRunSources(deps.db, run, context.sources);
  const { sources } = context;
  const choice = chooseModel(deps.config.llm, settings);
  const engine = `${choice.engine}/${choice.model}`;
  const streaming = { id: run.id, claim: run.attempts, topic: run.sessionId, save: (text: string) => savePartialText(deps.db, run, text) };
  const onProgress = (textSoFar: string) => deps.streams.progress(streaming, textSoFar, engine);
  if (choice.engine === 'offline') {
    const text = composeOfflineAnswer({
      agent,
      message: topic,
      // In citation order, so passage i is [i + 1] as in context.sources; attached assets (not numbered sources) after them.
      passages: [...context.referencedPassages, ...context.brandPassages, ...context.knowledgePassages, ...context.attachedPassages],
      brandVoice: context.brandVoice,
      analytics: context.analytics,
      analyticsUnavailable: context.analyticsUnavailable,
      variant: run.request.variant,
    });
    // The offline engine's name for the chat is the one it started with (titles.ts): nothing to rename.
    return { text: await streamInChunks(text, onProgress, signal), engine, sources, title: null };
  }
  const text = await callModel(deps.config.llm, choice, {
    system: buildSystemPrompt(agent, context, settings.custom_instructions),
    turns: conversationTurns(history),
    temperature: settings.temperature ?? undefined,
    maxOutputTokens: settings.max_output_tokens ?? undefined,
    signal,
    onProgress,
  });
  // The first exchange names the chat: asked before the reply is stored, so both appear together.
  // A regenerated first reply, or a renamed chat, asks nothing more.
  const unnamed = history.length === 1 && (await keepsStartingTitle(deps.db, run.sessionId, question));
  const named = unnamed ? await modelTitle(deps.config.llm, choice, question, text, signal) : null;
  return { text, engine, sources, title: named ? { firstMessage: question, title: named } : null };
}
