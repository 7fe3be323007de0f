import { lt, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { rateLimitCounters } from '../db/schema/index';

/** One counter to bump: what is limited for whom, and how many hits a window allows. */
export interface RateLimitBucket {
  bucket: string;
  max: number;
}

export interface RateLimitResult {
  /** The buckets now over their limit (empty: allowed). */
  exceeded: Array<RateLimitBucket & { hits: number }>;
  /** Seconds until the current window ends. */
  retryAfterSeconds: number;
}

/**
 * Fixed-window counters in the database (`rate_limit_counters`), so every process behind a
 * balancer counts against the same allowance. One statement per request bumps all of its
 * buckets (insert, or add one on conflict) and returns the new counts: atomic in PostgreSQL and
 * PGlite alike, no read-then-write race between processes. Windows that have ended are deleted at
 * most once per window by whichever process counts next.
 */
export class RateLimitStore {
  private lastSweepWindow = -1;

  constructor(
    readonly db: Db,
    readonly windowMs: number,
    private readonly now: () => number = () => Date.now(),
  ) {}

  async hit(buckets: readonly RateLimitBucket[]): Promise<RateLimitResult> {
    const now = this.now();
    const windowIndex = Math.floor(now / this.windowMs);
    const windowStart = new Date(windowIndex * this.windowMs);
    await this.sweep(windowIndex, windowStart);
    const rows = await this.db
      .insert(rateLimitCounters)
      // One row per distinct bucket: a statement may not update the same row twice.
      .values([...new Set(buckets.map(({ bucket }) => bucket))].map((bucket) => ({ bucket, windowStart, hits: 1 })))
      .onConflictDoUpdate({
        target: [rateLimitCounters.bucket, rateLimitCounters.windowStart],
        set: { hits: sql`${rateLimitCounters.hits} + 1` },
      })
      .returning({ bucket: rateLimitCounters.bucket, hits: rateLimitCounters.hits });
    const hitsOf = new Map(rows.map((row) => [row.bucket, row.hits]));
    const exceeded = buckets
      .map((bucket) => ({ ...bucket, hits: hitsOf.get(bucket.bucket) ?? 0 }))
      .filter((bucket) => bucket.hits > bucket.max);
    return { exceeded, retryAfterSeconds: Math.max(1, Math.ceil((windowStart.getTime() + this.windowMs - now) / 1000)) };
  }

  /** Deletes ended windows; once per window per process is enough to keep the table small. */
  private async sweep(windowIndex: number, windowStart: Date): Promise<void> {
    if (this.lastSweepWindow === windowIndex) return;
    this.lastSweepWindow = windowIndex;
    await this.db.delete(rateLimitCounters).where(lt(rateLimitCounters.windowStart, windowStart));
  }
}
