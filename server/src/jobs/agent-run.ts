/**
 * The agent-run job (docs/agents.md "Runs"): answers one accepted chat message. The handler never
 * throws for a run's own failure (the runner records it and refunds); retries are decided by the
 * runner, which puts a retryable failure back in the queue through this job's retry.
 */
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config';
import type { Db } from '../db/database';
import { AGENT_RUN_JOB, agentRuntimeFor, type AgentRunJobData } from '../services/agents/runtime';

export class RetryAgentRun extends Error {
  override name = 'RetryAgentRun';
}

export async function registerAgentRunJobs(app: FastifyInstance, deps: { config: AppConfig; db: Db }): Promise<void> {
  const runtime = await agentRuntimeFor(app, deps);
  await app.jobs.work<AgentRunJobData>(
    AGENT_RUN_JOB,
    async (job) => {
      const outcome = await runtime.runFromJob(job.data.runId, job.isLastAttempt);
      // A deferred run was put back in the queue: failing the job makes the queue retry it with back-off.
      if (outcome.kind === 'deferred') throw new RetryAgentRun(outcome.error);
    },
    // Runs mostly wait on a model: several at once per process keep a slow provider from blocking others.
    { batchSize: 4 },
  );
  runtime.startRecovery();
}
