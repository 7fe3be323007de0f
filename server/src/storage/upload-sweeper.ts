import type { FastifyBaseLogger } from 'fastify';
import type { ConsumedUploadTokens } from './consumed-upload-tokens';
import type { ObjectStorage } from './object-storage';

/**
 * How long an upload may wait for its commit. The browser commits right after its PUT; an
 * upload still there an hour later was abandoned (tab closed, commit refused and its delete
 * failed) or is a PUT made with a URL after its commit (S3), which nothing reads.
 */
export const ORPHAN_UPLOAD_AGE_MS = 60 * 60 * 1000;
export const UPLOAD_SWEEP_INTERVAL_MS = 15 * 60 * 1000;

export interface SweepResult {
  /** Upload objects deleted. */
  uploads: number;
  /** Records of used upload URLs forgotten (their URLs have expired). */
  consumedTokens: number;
}

/**
 * Periodic clean-up of the upload area: orphaned upload objects and expired single-use records.
 * Runs in every process with job workers; deleting is idempotent, so processes sweeping at the
 * same time only repeat each other's work.
 */
export class UploadSweeper {
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly storage: ObjectStorage,
    private readonly consumedTokens: ConsumedUploadTokens | undefined,
    private readonly log: FastifyBaseLogger,
  ) {}

  async sweep(now = new Date()): Promise<SweepResult> {
    const uploads = await this.storage.sweepUploads(new Date(now.getTime() - ORPHAN_UPLOAD_AGE_MS));
    const consumedTokens = (await this.consumedTokens?.sweepExpired(now)) ?? 0;
    if (uploads > 0 || consumedTokens > 0) this.log.info({ uploads, consumedTokens }, 'swept orphaned uploads and expired upload-link records');
    return { uploads, consumedTokens };
  }

  start(): void {
    if (this.timer) return;
    const tick = () => void this.sweep().catch((error: unknown) => this.log.error({ err: error }, 'sweeping orphaned uploads failed'));
    this.timer = setInterval(tick, UPLOAD_SWEEP_INTERVAL_MS);
    // Never what keeps the process alive.
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }
}
