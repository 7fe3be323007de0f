/**
 * The agent-run job (docs/agents.md "Runs"): answers one accepted chat message. The handler never
 * throws for a run's own failure (the runner records it and refunds); retries are decided by the
 * runner, which puts a retryable failure back in the queue through this job's retry.
 */
import type { AppConfig } from '../../config';
import type { JobQueue } from '../../jobs/job-queue';
import { AGENT_RUN_JOB, type AgentRunJobData, type AgentRuntime } from './runtime';

export class RetryAgentRun extends Error {
  override name = 'RetryAgentRun';
}

export async function registerAgentRunJobs(deps: { config: AppConfig; jobs: JobQueue; agents: AgentRuntime }): Promise<void> {
  const { jobs, agents: runtime } = deps;
  const handler = async (job: { data: AgentRunJobData; isLastAttempt: boolean }) => {
    const outcome = await runtime.runFromJob(job.data.runId, job.isLastAttempt);
    // A deferred run was put back in the queue: failing the job makes the queue retry it with back-off.
    if (outcome.kind === 'deferred') throw new RetryAgentRun(outcome.error);
  };
  // Runs mostly wait on a model. A worker finishes its batch before fetching more, so one slow run
  // would hold up the others: several single-job workers let that many runs proceed at once.
  for (let index = 0; index < deps.config.agentRuns.concurrency; index += 1) {
    // Sends from this process wake a worker at once; the polling interval only matters for jobs sent elsewhere.
    await jobs.work<AgentRunJobData>(AGENT_RUN_JOB, handler, { batchSize: 1, pollingIntervalSeconds: 2 });
  }
  runtime.serveRunsHere();
  runtime.startRecovery();
}
