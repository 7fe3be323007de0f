import { createHash } from 'node:crypto';
import { and, eq, like, lt, not, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { rateLimitCounters } from '../db/schema/index';

/** One counter to bump: what is limited for whom, and how many hits a window allows. */
export interface RateLimitBucket {
  bucket: string;
  max: number;
  /** 'hour' counts in hour-long windows (invites); otherwise the store's own window (a minute). */
  window?: 'hour';
}

export interface RateLimitResult {
  /** The buckets now over their limit (empty: allowed). */
  exceeded: Array<RateLimitBucket & { hits: number }>;
  /** Every bucket with its count in its current window, this hit included. */
  counted: Array<RateLimitBucket & { hits: number }>;
  /** Seconds until the longest exceeded window ends (or the store's own window, when allowed). */
  retryAfterSeconds: number;
}

const HOUR_MS = 3_600_000;
/** Stored keys of hour-long windows start with this, so the sweep can tell them from the rest. */
const HOURLY_PREFIX = 'hourly:';
/**
 * Longest key stored as it is. Keys hold request input (an email typed at sign-in, a route, an
 * address); a longer one is stored as its start and its SHA-256, so no input can make a key too
 * large for the counters' index (PostgreSQL refuses index rows over ~2.7 KB: a 500, not a 429).
 */
export const MAX_BUCKET_KEY_LENGTH = 200;
const KEPT_PREFIX_LENGTH = 120;

/** The key as stored: short keys unchanged, long ones bounded (still one key per distinct input). */
export function storedBucketKey(bucket: RateLimitBucket): string {
  const key = bucket.window === 'hour' ? `${HOURLY_PREFIX}${bucket.bucket}` : bucket.bucket;
  if (key.length <= MAX_BUCKET_KEY_LENGTH) return key;
  return `${key.slice(0, KEPT_PREFIX_LENGTH)}#sha256:${createHash('sha256').update(key).digest('hex')}`;
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
    await this.sweep(now);
    const keyed = buckets.map((bucket) => ({ bucket, key: storedBucketKey(bucket), windowStart: startOf(now, this.lengthOf(bucket)) }));
    // One row per distinct key: a statement may not update the same row twice.
    const distinct = new Map(keyed.map((entry) => [entry.key, entry]));
    const rows = await this.db
      .insert(rateLimitCounters)
      .values([...distinct.values()].map(({ key, windowStart }) => ({ bucket: key, windowStart, hits: 1 })))
      .onConflictDoUpdate({
        target: [rateLimitCounters.bucket, rateLimitCounters.windowStart],
        set: { hits: sql`${rateLimitCounters.hits} + 1` },
      })
      .returning({ bucket: rateLimitCounters.bucket, hits: rateLimitCounters.hits });
    const hitsOf = new Map(rows.map((row) => [row.bucket, row.hits]));
    const counted = keyed.map((entry) => ({ ...entry, hits: hitsOf.get(entry.key) ?? 0 }));
    const over = counted.filter((entry) => entry.hits > entry.bucket.max);
    const endsIn = (length: number) => startOf(now, length).getTime() + length - now;
    const waitMs = Math.max(endsIn(this.windowMs), ...over.map((entry) => endsIn(this.lengthOf(entry.bucket))));
    return {
      exceeded: over.map((entry) => ({ ...entry.bucket, hits: entry.hits })),
      counted: counted.map((entry) => ({ ...entry.bucket, hits: entry.hits })),
      retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)),
    };
  }

  /** The bucket's count in its current window, without counting a hit; and when that window ends. */
  async current(bucket: RateLimitBucket): Promise<{ hits: number; retryAfterSeconds: number }> {
    const now = this.now();
    const length = this.lengthOf(bucket);
    const windowStart = startOf(now, length);
    const [row] = await this.db
      .select({ hits: rateLimitCounters.hits })
      .from(rateLimitCounters)
      .where(and(eq(rateLimitCounters.bucket, storedBucketKey(bucket)), eq(rateLimitCounters.windowStart, windowStart)));
    return { hits: row?.hits ?? 0, retryAfterSeconds: Math.max(1, Math.ceil((windowStart.getTime() + length - now) / 1000)) };
  }

  private lengthOf(bucket: RateLimitBucket): number {
    return bucket.window === 'hour' ? HOUR_MS : this.windowMs;
  }

  /** Deletes ended windows, of each length; once per (short) window per process keeps the table small. */
  private async sweep(now: number): Promise<void> {
    const windowIndex = Math.floor(now / this.windowMs);
    if (this.lastSweepWindow === windowIndex) return;
    this.lastSweepWindow = windowIndex;
    const hourly = like(rateLimitCounters.bucket, `${HOURLY_PREFIX}%`);
    await this.db.delete(rateLimitCounters).where(and(lt(rateLimitCounters.windowStart, startOf(now, this.windowMs)), not(hourly)));
    await this.db.delete(rateLimitCounters).where(and(lt(rateLimitCounters.windowStart, startOf(now, HOUR_MS)), hourly));
  }
}

const startOf = (now: number, length: number) => new Date(Math.floor(now / length) * length);
