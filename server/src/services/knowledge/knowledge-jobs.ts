/** The document-processing job's workers (docs/knowledge.md "Background jobs"). */
import type { AppConfig } from '../../config';
import type { Db } from '../../db/database';
import type { JobQueue } from '../../jobs/job-queue';
import type { ObjectStorage } from '../../storage/object-storage';
import type { RunWaker } from '../leased-runs/waker';
import type { LlmCategoriser } from './categorise';
import { enqueueDocument, type ProcessDocumentJob } from './document-jobs';
import { lapsedDocuments } from './document-lease';
import { announceDocumentChange } from './document-status-stream';
import { processDocument } from './process-document';
import { createExtractionSandbox } from './sandboxed-extraction';
import type { SemanticIndex, Warn } from './semantic-index';
import { PROCESS_DOCUMENT_JOB } from './uploads.service';

export type { ProcessDocumentJob } from './document-jobs';

/**
 * Two documents at a time per process, each read in its own sandbox process: extraction is
 * CPU-bound, so more would slow the API down without finishing sooner on small machines.
 */
const DOCUMENTS_PER_POLL = 2;

/** This process's document workers: the recovery sweep, and a way to stop them. */
export interface KnowledgeWorkers {
  /** Sends documents whose processing lease lapsed (a dead process) back to the queue; returns how many. */
  recoverLapsed(): Promise<number>;
  /** Stops the sweep, lets go of documents being processed here (another worker takes them at once), stops the sandbox. */
  close(): Promise<void>;
}

export async function registerKnowledgeJobs(
  jobs: JobQueue,
  deps: {
    config: AppConfig;
    db: Db;
    storage: ObjectStorage;
    /**
     * With an embedding provider and pgvector, passages are stored with their vectors (hybrid
     * search); null, or when the provider fails, they are indexed for full-text alone.
     */
    semanticIndex: SemanticIndex | null;
    /**
     * With a model configured it files documents; undefined (offline), or when it fails or answers
     * outside the taxonomy, the keyword classifier decides (categorise.ts).
     */
    llmCategoriser: LlmCategoriser | undefined;
    onLlmError?: (error: unknown) => void;
    warn?: Warn;
    /** Tells the space's status streams, in every process, that a document finished; absent in the benchmark, which has none. */
    waker?: RunWaker;
  },
): Promise<KnowledgeWorkers> {
  const { config, db, semanticIndex, llmCategoriser, waker } = deps;
  const warn = deps.warn ?? warnOnConsole;
  const limits = config.knowledge.extraction;
  const leaseMs = config.knowledge.processingLeaseMs;
  const sandbox = createExtractionSandbox(limits, DOCUMENTS_PER_POLL);
  const stopping = new AbortController();
  const inFlight = new Set<Promise<void>>();

  await jobs.work<ProcessDocumentJob>(
    PROCESS_DOCUMENT_JOB,
    (job) => {
      const work = processDocument(db, deps.storage, job.data.documentId, {
        isLastAttempt: job.isLastAttempt,
        extraction: { sandbox, limits },
        leaseMs,
        signal: stopping.signal,
        llmCategoriser,
        onLlmError: deps.onLlmError,
        semanticIndex,
        warn,
        onStatusChange: waker && ((spaceId) => announceDocumentChange(waker, spaceId)),
      });
      inFlight.add(work);
      void work.finally(() => inFlight.delete(work)).catch(() => undefined);
      return work;
    },
    { batchSize: DOCUMENTS_PER_POLL },
  );

  const recoverLapsed = async () => {
    const ids = await lapsedDocuments(db, leaseMs);
    for (const id of ids) await enqueueDocument(jobs, config.knowledge, id);
    if (ids.length > 0) warn(`re-enqueued ${ids.length} document(s) left processing by a stopped process`);
    return ids.length;
  };
  const tick = () => void recoverLapsed().catch((error: unknown) => warn('document recovery failed', error));
  tick();
  // Every half lease: a dead process's document is sent again at most 1.5 leases after its last renewal.
  const sweep = setInterval(tick, leaseMs / 2);
  sweep.unref();

  return {
    recoverLapsed,
    async close() {
      clearInterval(sweep);
      stopping.abort('shutdown');
      await Promise.allSettled([...inFlight]);
      await sandbox.close();
    },
  };
}

function warnOnConsole(message: string, error?: unknown): void {
  console.warn(error ? `${message}: ${error instanceof Error ? error.message : String(error)}` : message);
}
