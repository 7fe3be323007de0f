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

/** A caller waiting for its hit to be counted: each key's count as of its own hit. */
interface Waiter {
  resolve(counts: Map<string, number>): void;
  reject(error: unknown): void;
}

/** The callers counting the same buckets in the same windows, while a statement for them is out. */
interface Batch {
  keys: Array<{ key: string; windowStart: Date }>;
  waiting: Waiter[];
}

/**
 * Fixed-window counters in the database (`rate_limit_counters`), so every process behind a
 * balancer counts against the same allowance. One statement bumps all of a request's buckets
 * (insert, or add on conflict) and returns the new counts: atomic in PostgreSQL and PGlite alike,
 * no read-then-write race between processes. Windows that have ended are deleted at most once per
 * window by whichever process counts next.
 *
 * Requests counting the same buckets at once (one person's tabs opening, a script) would each
 * wait for the row lock the one before holds until its commit: fifty at once queued behind one
 * row (docs/scale.md). While a statement for some buckets is out, the requests arriving for the
 * same buckets wait and are then counted together, by one statement adding their number; each
 * gets its own count back (the total less the hits counted after it), so limits hold exactly.
 */
export class RateLimitStore {
  private lastSweepWindow = -1;
  private readonly batches = new Map<string, Batch>();

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
    const distinct = new Map(keyed.map((entry) => [entry.key, { key: entry.key, windowStart: entry.windowStart }]));
    const hitsOf = await this.countOne([...distinct.values()]);
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

  /** Adds this request's hit to each key: alone, or with the requests for the same keys waiting meanwhile. */
  private countOne(keys: Batch['keys']): Promise<Map<string, number>> {
    const batchKey = keys
      .map(({ key, windowStart }) => `${windowStart.getTime()} ${key}`)
      .sort()
      .join('\n');
    return new Promise((resolve, reject) => {
      const running = this.batches.get(batchKey);
      if (running) {
        running.waiting.push({ resolve, reject });
        return;
      }
      const batch: Batch = { keys, waiting: [{ resolve, reject }] };
      this.batches.set(batchKey, batch);
      void this.countWaiting(batchKey, batch);
    });
  }

  /** Counts the batch's waiting requests, one statement at a time, until none is left waiting. */
  private async countWaiting(batchKey: string, batch: Batch): Promise<void> {
    while (batch.waiting.length > 0) {
      const counted = batch.waiting.splice(0);
      try {
        const totals = await this.add(batch.keys, counted.length);
        // The earliest to arrive had the lowest counts: the last of this statement has the total.
        counted.forEach((waiter, index) => {
          const later = counted.length - 1 - index;
          waiter.resolve(new Map([...totals].map(([key, total]) => [key, total - later])));
        });
      } catch (error) {
        for (const waiter of counted) waiter.reject(error);
      }
    }
    this.batches.delete(batchKey);
  }

  /** Adds `hits` to each key's counter in its window; the new totals. */
  private async add(keys: Batch['keys'], hits: number): Promise<Map<string, number>> {
    const rows = await this.db
      .insert(rateLimitCounters)
      .values(keys.map(({ key, windowStart }) => ({ bucket: key, windowStart, hits })))
      .onConflictDoUpdate({
        target: [rateLimitCounters.bucket, rateLimitCounters.windowStart],
        set: { hits: sql`${rateLimitCounters.hits} + ${hits}` },
      })
      .returning({ bucket: rateLimitCounters.bucket, hits: rateLimitCounters.hits });
    return new Map(rows.map((row) => [row.bucket, row.hits]));
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
