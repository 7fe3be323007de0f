import { eq, lt } from 'drizzle-orm';
import type { Db } from '../db/database';
import { consumedUploadTokens } from '../db/schema/index';
import type { UploadGrant } from './upload-tokens';

/**
 * Which local upload URLs have been used: one row per completed PUT, keyed by the URL's nonce.
 * In the database rather than in memory so that every server process refuses a URL another
 * process has already accepted.
 */
export class ConsumedUploadTokens {
  constructor(private readonly db: Db) {}

  async isConsumed(nonce: string): Promise<boolean> {
    const [row] = await this.db.select({ nonce: consumedUploadTokens.nonce }).from(consumedUploadTokens).where(eq(consumedUploadTokens.nonce, nonce));
    return row !== undefined;
  }

  /**
   * Records the URL as used. False when another PUT with the same URL got there first: the
   * primary key decides between two PUTs racing each other.
   */
  async consume(grant: UploadGrant): Promise<boolean> {
    const inserted = await this.db
      .insert(consumedUploadTokens)
      .values({ nonce: grant.nonce, objectPath: grant.objectPath, expiresAt: new Date(grant.expiresAt * 1000) })
      .onConflictDoNothing()
      .returning({ nonce: consumedUploadTokens.nonce });
    return inserted.length === 1;
  }

  /** Gives the URL back when the upload failed after it was recorded (the client may retry). */
  async release(nonce: string): Promise<void> {
    await this.db.delete(consumedUploadTokens).where(eq(consumedUploadTokens.nonce, nonce));
  }

  /** Forgets URLs that have expired: an expired URL is refused before this table is asked. */
  async sweepExpired(now: Date): Promise<number> {
    const removed = await this.db.delete(consumedUploadTokens).where(lt(consumedUploadTokens.expiresAt, now)).returning({ nonce: consumedUploadTokens.nonce });
    return removed.length;
  }
}
