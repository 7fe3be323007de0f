/**
 * Background work of a worker process (JOB_WORKERS on): every area's job handlers on this
 * process's queue, and the periodic sweeps. The queue itself is built by the composition root
 * (build-deps.ts) and shared with the routes, which only send. Adding a job: see
 * docs/knowledge.md, "Background jobs".
 */
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../app-deps';
import { registerAssetJobs } from '../services/assets/asset-jobs';
import { registerKnowledgeJobs } from '../services/knowledge/knowledge-jobs';
import { registerSpaceDeletionJobs } from '../services/spaces/space-deletion-job';

export interface JobWorkers {
  /** Lets go of work in progress here (documents, thumbnails, their sandboxes); the queue stops later. */
  close(): Promise<void>;
}

/** Registers every area's job handlers on this process's queue and starts the sweeps. */
export async function registerJobWorkers(deps: AppDeps, log: FastifyBaseLogger): Promise<JobWorkers> {
  const knowledge = await registerKnowledgeJobs(deps.jobs, {
    ...deps,
    onLlmError: (error) => log.warn({ err: error }, 'categorising a document with the model failed; keywords decided'),
    warn: (message, error) => log.warn({ err: error }, message),
  });
  await deps.agents.serveJobs();
  const assets = await registerAssetJobs(deps.jobs, deps);
  await deps.agentMode.serveJobs();
  await registerSpaceDeletionJobs(deps, log);
  // Clean-up is background work: a JOB_WORKERS=false process leaves it to the workers.
  deps.uploadSweeper.start();
  return { close: async () => void (await Promise.all([knowledge.close(), assets.close()])) };
}
