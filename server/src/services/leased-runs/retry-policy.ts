/**
 * The agent-run retry policy, the one for chat replies and Agent Mode steps alike (docs/agents.md
 * "Runs", docs/agent-mode.md "Runs"). An attempt is one claim of a chat run, or one start of an
 * Agent Mode step; `AGENT_RUN_MAX_ATTEMPTS` bounds them.
 *
 * - An attempt past the last gives up at once: the earlier ones were interrupted (their process
 *   died mid-work), and the next restart would likely interrupt it too.
 * - A failure is retried when it may pass (anything but a model error that says it will not) and
 *   attempts remain; the run goes back to the queue as a new job after 5 s, 10 s, 20 s… (the base is
 *   `AGENT_RUN_RETRY_SECONDS`). A new job
 *   rather than the job's own retry, so a long Agent Mode plan never runs out of the queue's retries.
 * - Cancelled (from any process), or taken over after the lease ran out: the attempt lets go and
 *   writes nothing more. This process stopping: the run is left running, its lease runs out and the
 *   recovery sweep of any process resumes it (run-engine.ts).
 */
import { LlmError } from '../../llm/types';
import type { StopReason } from './lease';

export interface RetryPolicy {
  /** AGENT_RUN_MAX_ATTEMPTS. */
  maxAttempts: number;
  /** AGENT_RUN_RETRY_SECONDS: the back-off before the first retry, doubled after each further failure. */
  retryBaseSeconds: number;
}

/** An attempt past the last allowed (`attempt` counts from 1): it fails without trying. */
export function attemptsUsedUp(policy: RetryPolicy, attempt: number): boolean {
  return attempt > policy.maxAttempts;
}

/** Seconds before the retry of a failed attempt (`attempt` counts from 1): 5, 10, 20… by default. */
export function retryDelaySeconds(policy: RetryPolicy, attempt: number): number {
  return policy.retryBaseSeconds * 2 ** Math.max(0, attempt - 1);
}

/** What follows an attempt that threw. */
export type FailureVerdict =
  /** Cancelled, or the claim was lost: nothing more to write. */
  | { kind: 'let-go' }
  /** This process is stopping: left running for the recovery sweep. */
  | { kind: 'release' }
  /** Back to the queue, a new job after `afterSeconds`. */
  | { kind: 'retry'; message: string; afterSeconds: number }
  /** For good: the kind fails the run (or step) with the message and refunds. */
  | { kind: 'fail'; message: string };

/**
 * The verdict on attempt number `attempt` that threw `error` while its work's `signal` (joined to
 * the lease, lease.ts `keepLease`) may have been aborted. `mayRetry` false: the caller answers in
 * the request (a synchronous send), so a failure is final.
 */
export function judgeFailure(policy: RetryPolicy, error: unknown, signal: AbortSignal, attempt: number, mayRetry = true): FailureVerdict {
  const reason = signal.aborted ? (signal.reason as StopReason | undefined) : undefined;
  if (reason === 'cancelled') return { kind: 'let-go' };
  if (reason === 'shutdown') return { kind: 'release' };
  const message = error instanceof Error ? error.message : String(error);
  const retryable = !(error instanceof LlmError) || error.retryable;
  if (retryable && mayRetry && attempt < policy.maxAttempts) return { kind: 'retry', message, afterSeconds: retryDelaySeconds(policy, attempt) };
  return { kind: 'fail', message };
}

/**
 * The queue's own retries of a run's job: for a handler that threw before the run could record
 * anything (the database unreachable), or a job past its expiry (its process was killed).
 */
export const jobRetryLimit = (policy: RetryPolicy): number => policy.maxAttempts;
