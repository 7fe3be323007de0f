/**
 * Background jobs. The queue (job-queue.ts) is started by buildApp and decorated as `app.jobs`;
 * the handlers of every area are registered here, once per process, when JOB_WORKERS is on.
 * Adding a job: see docs/knowledge.md, "Background jobs".
 */
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config';
import type { Database, Db } from '../db/database';
import type { ObjectStorage } from '../storage/object-storage';
import { registerAgentRunJobs } from './agent-run';
import { registerKnowledgeJobs } from './knowledge-jobs';

export { startJobQueue, type JobQueue, type JobQueueOptions, type QueuePolicy, type SendOptions, type WorkOptions } from './job-queue';

/** What job handlers may use. */
export interface JobDeps {
  config: AppConfig;
  db: Db;
  /** The database handle itself (engine kind, driver), for handlers that need more than queries. */
  database: Database;
  storage: ObjectStorage;
}

/** Registers every area's job handlers on this process's queue. */
export async function registerJobWorkers(app: FastifyInstance, deps: JobDeps): Promise<void> {
  const knowledge = await registerKnowledgeJobs(app.jobs, {
    ...deps,
    onLlmError: (error) => app.log.warn({ err: error }, 'categorising a document with the model failed; keywords decided'),
    warn: (message, error) => app.log.warn({ err: error }, message),
  });
  // preClose runs before the queue stops (onClose): documents in progress are let go first.
  app.addHook('preClose', () => knowledge.close());
  await registerAgentRunJobs(app, deps);
}
