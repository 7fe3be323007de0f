import type { AppConfig } from '../config';
import type { Db } from '../db/database';
import type { LlmCategoriser } from '../services/knowledge/categorise';
import { processDocument } from '../services/knowledge/process-document';
import { PROCESS_DOCUMENT_JOB } from '../services/knowledge/uploads.service';
import type { ObjectStorage } from '../storage/object-storage';
import type { JobQueue } from './job-queue';

export interface ProcessDocumentJob {
  documentId: string;
}

let llmCategoriser: LlmCategoriser | undefined;

/**
 * The LLM hook for auto-categorisation: the LLM layer (server/src/llm) calls this at start-up
 * when a provider is configured. Until then, and whenever the model fails or answers outside
 * the taxonomy, the offline keyword classifier decides.
 */
export function setLlmCategoriser(categoriser: LlmCategoriser | undefined): void {
  llmCategoriser = categoriser;
}

/**
 * Two documents at a time per process: extraction is CPU-bound on the event loop (pdf.js), so
 * more would slow the API down without finishing sooner on small machines.
 */
const DOCUMENTS_PER_POLL = 2;

export async function registerKnowledgeJobs(jobs: JobQueue, deps: { config: AppConfig; db: Db; storage: ObjectStorage }): Promise<void> {
  await jobs.work<ProcessDocumentJob>(
    PROCESS_DOCUMENT_JOB,
    (job) =>
      processDocument(deps.db, deps.storage, job.data.documentId, {
        isLastAttempt: job.isLastAttempt,
        llmCategoriser,
      }),
    { batchSize: DOCUMENTS_PER_POLL },
  );
}
