/**
 * Document status polling (spec 001 §4, §9). A just-uploaded document is checked on its own every
 * 3 s for up to 5 min; documents still processing after that (or found processing when the list
 * loads) join the consolidated poll: every 5 s, the documents checked one after another 100 ms
 * apart (so a hundred documents never hit the server in the same instant), for up to 10 min.
 * A check that fails (4xx, 5xx, network) marks the document error; a finished one leaves the poll.
 *
 * While the server pushes a document's status (status-stream.ts), its checks are skipped but its
 * schedule keeps running, so when the stream fails the polls resume at the cadence they had.
 */
import type { KnowledgeDocument } from '../../contract/knowledge';

export const PER_DOCUMENT_INTERVAL_MS = 3_000;
export const PER_DOCUMENT_MAX_MS = 5 * 60_000;
export const CONSOLIDATED_INTERVAL_MS = 5_000;
export const CONSOLIDATED_STAGGER_MS = 100;
export const CONSOLIDATED_MAX_MS = 10 * 60_000;

export interface StatusPollerDeps {
  check(id: string): Promise<KnowledgeDocument>;
  /** Every answer, so the list shows progress (and the final status). */
  onStatus(document: KnowledgeDocument): void;
  /** A failed check: the caller marks the document error. */
  onCheckFailed(id: string, error: unknown): void;
  /** Whether an error counts as a failed check (default: all). The circuit breaker's refusal does not. */
  isCheckFailure?(error: unknown): boolean;
  /** Whether the server is pushing this document's status: its check is skipped (default: never). */
  pushed?(id: string): boolean;
  /** Nothing is watched any more (every document finished, was dropped or ran out of time). */
  onIdle?(): void;
  now?(): number;
}

const isFinal = (document: KnowledgeDocument) => document.status === 'ready' || document.status === 'error';

export class StatusPoller {
  private readonly single = new Map<string, { started: number; timer: ReturnType<typeof setTimeout> }>();
  private readonly consolidated = new Map<string, number>();
  private consolidatedTimer: ReturnType<typeof setTimeout> | null = null;
  private stopped = false;
  private readonly now: () => number;

  constructor(private readonly deps: StatusPollerDeps) {
    this.now = deps.now ?? (() => Date.now());
  }

  /** Ids being polled right now (either schedule). */
  get watching(): string[] {
    return [...new Set([...this.single.keys(), ...this.consolidated.keys()])];
  }

  /** Per-document polling for a document just committed. */
  watch(id: string): void {
    if (this.single.has(id) || this.consolidated.has(id)) return;
    this.stopped = false;
    const started = this.now();
    this.single.set(id, { started, timer: setTimeout(() => void this.tickSingle(id), PER_DOCUMENT_INTERVAL_MS) });
  }

  /** Consolidated polling for documents found processing (e.g. after a reload). */
  watchConsolidated(ids: readonly string[]): void {
    this.stopped = false;
    for (const id of ids) if (!this.single.has(id) && !this.consolidated.has(id)) this.consolidated.set(id, this.now());
    this.scheduleConsolidated();
  }

  unwatch(id: string): void {
    const entry = this.single.get(id);
    if (entry) clearTimeout(entry.timer);
    this.single.delete(id);
    this.consolidated.delete(id);
    this.idleCheck();
  }

  /** Stops everything (space switch, logout, leaving the screen for good). */
  stop(): void {
    this.stopped = true;
    for (const { timer } of this.single.values()) clearTimeout(timer);
    this.single.clear();
    this.consolidated.clear();
    if (this.consolidatedTimer) clearTimeout(this.consolidatedTimer);
    this.consolidatedTimer = null;
  }

  private idleCheck(): void {
    if (this.single.size === 0 && this.consolidated.size === 0) this.deps.onIdle?.();
  }

  /** True when the id is still wanted after the check (not finished, failed or stopped). */
  private async checkOnce(id: string): Promise<boolean> {
    // The stream tells its status: no request, and the schedule goes on in case the stream fails.
    if (this.deps.pushed?.(id)) return true;
    try {
      const document = await this.deps.check(id);
      if (this.stopped) return false;
      this.deps.onStatus(document);
      return !isFinal(document);
    } catch (error) {
      if (this.stopped) return false;
      if (this.deps.isCheckFailure && !this.deps.isCheckFailure(error)) return true;
      this.deps.onCheckFailed(id, error);
      return false;
    }
  }

  private async tickSingle(id: string): Promise<void> {
    const entry = this.single.get(id);
    if (!entry) return;
    const stillProcessing = await this.checkOnce(id);
    if (!this.single.has(id)) return;
    if (!stillProcessing) {
      this.single.delete(id);
      this.idleCheck();
      return;
    }
    if (this.now() - entry.started >= PER_DOCUMENT_MAX_MS) {
      // Five minutes on its own: hand it to the slower shared poll.
      this.single.delete(id);
      this.watchConsolidated([id]);
      return;
    }
    entry.timer = setTimeout(() => void this.tickSingle(id), PER_DOCUMENT_INTERVAL_MS);
  }

  private scheduleConsolidated(): void {
    if (this.consolidatedTimer || this.consolidated.size === 0 || this.stopped) return;
    this.consolidatedTimer = setTimeout(() => void this.tickConsolidated(), CONSOLIDATED_INTERVAL_MS);
  }

  private async tickConsolidated(): Promise<void> {
    this.consolidatedTimer = null;
    const ids = [...this.consolidated.keys()];
    const checks: Promise<void>[] = [];
    for (const [index, id] of ids.entries()) {
      if (index > 0) await new Promise((resolve) => setTimeout(resolve, CONSOLIDATED_STAGGER_MS));
      const since = this.consolidated.get(id);
      if (since === undefined || this.stopped) continue;
      checks.push(
        this.checkOnce(id).then((stillProcessing) => {
          if (!stillProcessing || this.now() - since >= CONSOLIDATED_MAX_MS) this.consolidated.delete(id);
        }),
      );
    }
    await Promise.all(checks);
    if (ids.length > 0 && !this.stopped) this.idleCheck();
    this.scheduleConsolidated();
  }
}
