/**
 * The agent-mode-run job (docs/agent-mode.md "Runs"): carries one run out until it rests. The
 * handler never throws for a run's own outcome (the executor records failures and refunds); a step
 * worth retrying is re-sent as a new job with back-off by the runtime, so a long plan never runs
 * out of the queue's retries. A throw here (the database unreachable) lets the queue retry the job.
 */
import type { AppConfig } from '../../config';
import type { JobQueue } from '../../jobs/job-queue';
import { AGENT_MODE_JOB, type AgentModeJobData, type AgentModeRuntime } from './runtime';

export async function registerAgentModeJobs(deps: { config: AppConfig; jobs: JobQueue; agentMode: AgentModeRuntime }): Promise<void> {
  const { jobs, agentMode } = deps;
  const handler = async (job: { data: AgentModeJobData }) => {
    await agentMode.runFromJob(job.data.runId);
  };
  // A run mostly waits on a model; several single-job workers let that many runs move at once.
  for (let index = 0; index < deps.config.agentRuns.concurrency; index += 1) {
    await jobs.work<AgentModeJobData>(AGENT_MODE_JOB, handler, { batchSize: 1, pollingIntervalSeconds: 2 });
  }
  agentMode.startRecovery();
}
