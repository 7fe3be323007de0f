import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config';
import type { Database } from '../db/database';
import { startJobQueue, type JobQueue } from './job-queue';

declare module 'fastify' {
  interface FastifyInstance {
    /** The durable job queue (pg-boss); routes and services enqueue with `app.jobs.send`. */
    jobs: JobQueue;
  }
}

/**
 * Starts the job queue on the app's database and decorates the app with it. The queue stops
 * (waiting for running handlers) when the app closes, before the caller closes the database.
 */
export async function installJobQueue(app: FastifyInstance, config: AppConfig, database: Database): Promise<JobQueue> {
  const jobs = await startJobQueue(database, {
    maintenanceIntervalSeconds: config.knowledge.jobMaintenanceIntervalSeconds,
    onError: (error) => app.log.error({ err: error }, 'job queue error'),
  });
  app.decorate('jobs', jobs);
  app.addHook('onClose', async () => jobs.stop());
  return jobs;
}
