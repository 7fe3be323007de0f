/** Sending a document to the processing job, with the queue settings that match its limits. */
import type { KnowledgeConfig } from '../../config';
import type { JobQueue, SendOptions } from '../../jobs/job-queue';
import { PROCESS_DOCUMENT_JOB } from './uploads.service';

export interface ProcessDocumentJob {
  documentId: string;
}

/**
 * The job's expiry is the longest one attempt may take: the extraction time limit plus ten
 * minutes for reading the file, indexing and embeddings. It is not how a dead process's document
 * is recovered (the lease is, within two minutes: document-lease.ts); a job that outlives it is
 * retried by pg-boss, and that retry finds the document finished or held and does nothing.
 */
export function documentJobOptions(config: Pick<KnowledgeConfig, 'extraction'>): SendOptions {
  return { expireInSeconds: Math.ceil(config.extraction.timeoutSeconds) + 10 * 60 };
}

export function enqueueDocument(jobs: JobQueue, config: Pick<KnowledgeConfig, 'extraction'>, documentId: string): Promise<string | null> {
  return jobs.send<ProcessDocumentJob>(PROCESS_DOCUMENT_JOB, { documentId }, documentJobOptions(config));
}
