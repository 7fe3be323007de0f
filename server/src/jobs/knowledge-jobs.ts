import type { AppConfig } from '../config';
import type { Db } from '../db/database';
import { llmCategoriserFor } from '../llm/categorise';
import { processDocument } from '../services/knowledge/process-document';
import { enableSemanticSearch, type Warn } from '../services/knowledge/semantic-index';
import { PROCESS_DOCUMENT_JOB } from '../services/knowledge/uploads.service';
import type { ObjectStorage } from '../storage/object-storage';
import type { JobQueue } from './job-queue';

export interface ProcessDocumentJob {
  documentId: string;
}

/**
 * Two documents at a time per process: extraction is CPU-bound on the event loop (pdf.js), so
 * more would slow the API down without finishing sooner on small machines.
 */
const DOCUMENTS_PER_POLL = 2;

export async function registerKnowledgeJobs(
  jobs: JobQueue,
  deps: { config: AppConfig; db: Db; storage: ObjectStorage; onLlmError?: (error: unknown) => void; warn?: Warn },
): Promise<void> {
  // With an embedding provider and pgvector, passages are stored with their vectors (hybrid
  // search); otherwise, or when the provider fails, they are indexed for full-text alone.
  const semanticIndex = await enableSemanticSearch(deps.db, deps.config.llm, deps.warn ?? warnOnConsole);
  // With a model configured it files documents; offline, or when it fails or answers outside the
  // taxonomy, the keyword classifier decides (services/knowledge/categorise.ts).
  const llmCategoriser = llmCategoriserFor(deps.config.llm);
  await jobs.work<ProcessDocumentJob>(
    PROCESS_DOCUMENT_JOB,
    (job) =>
      processDocument(deps.db, deps.storage, job.data.documentId, {
        isLastAttempt: job.isLastAttempt,
        llmCategoriser,
        onLlmError: deps.onLlmError,
        semanticIndex,
      }),
    { batchSize: DOCUMENTS_PER_POLL },
  );
}

function warnOnConsole(message: string, error?: unknown): void {
  console.warn(error ? `${message}: ${error instanceof Error ? error.message : String(error)}` : message);
}
