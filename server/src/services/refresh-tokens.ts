import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Db, DbExecutor } from '../db/database';
import { appSecrets, pushSubscriptions, refreshTokens } from '../db/schema/index';

const DAY_MS = 24 * 60 * 60 * 1000;
const SUCCESSOR_KEY_NAME = 'refresh_successor_key';

/** Tokens are 256 bits; only their SHA-256 is stored. */
export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * The token that replaces `token` at rotation: HMAC-SHA256 under a server key. Only a hash of
 * each token is stored, yet the server can recompute a successor from its predecessor, so a
 * rotated token presented again within the grace window (a retry whose answer was lost, a second
 * tab) is answered with the same successor instead of being treated as theft. Without the key
 * the successor cannot be derived, so it is as unguessable as a random token.
 */
export function successorToken(key: Buffer, token: string): string {
  return createHmac('sha256', key).update(token).digest('base64url');
}

/**
 * The successor key, generated on first start and kept in app_secrets (like the JWT key) so every
 * process derives the same successors. `ON CONFLICT DO NOTHING` makes concurrent first starts agree.
 */
export async function resolveSuccessorKey(db: Db): Promise<Buffer> {
  await db
    .insert(appSecrets)
    .values({ name: SUCCESSOR_KEY_NAME, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(appSecrets).where(eq(appSecrets.name, SUCCESSOR_KEY_NAME));
  if (!row) throw new Error('refresh successor key could not be stored');
  return Buffer.from(row.value, 'base64url');
}

export interface IssuedRefreshToken {
  id: string;
  familyId: string;
  token: string;
}

/** The device a token was handed to, for the account's list of signed-in devices. */
export interface SessionClient {
  userAgent?: string | null;
  ipAddress?: string | null;
}

/** Longest user agent kept: enough to name a browser and system, bounded against abuse. */
const USER_AGENT_MAX_LENGTH = 400;
export const clientColumns = (client: SessionClient) => ({
  userAgent: client.userAgent?.slice(0, USER_AGENT_MAX_LENGTH) ?? null,
  ipAddress: client.ipAddress ?? null,
});

/**
 * Stores a token: a random one in a new family at sign-in, or at rotation the given successor
 * in its predecessor's family.
 */
export async function insertRefreshToken(
  db: DbExecutor,
  userId: string,
  ttlDays: number,
  family: { familyId: string; token: string } = { familyId: randomUUID(), token: randomBytes(32).toString('base64url') },
  client: SessionClient = {},
): Promise<IssuedRefreshToken> {
  const [row] = await db
    .insert(refreshTokens)
    .values({
      userId,
      familyId: family.familyId,
      tokenHash: hashRefreshToken(family.token),
      expiresAt: new Date(Date.now() + ttlDays * DAY_MS),
      ...clientColumns(client),
    })
    .returning({ id: refreshTokens.id });
  if (!row) throw new Error('refresh token insert returned no row');
  return { id: row.id, familyId: family.familyId, token: family.token };
}

export type RefreshTokenRow = typeof refreshTokens.$inferSelect;

/** Reads the token row and locks it until the transaction ends, so one rotation wins. */
export async function lockRefreshToken(db: DbExecutor, token: string): Promise<RefreshTokenRow | undefined> {
  const [row] = await db
    .select()
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashRefreshToken(token)))
    .for('update')
    .limit(1);
  return row;
}

export async function findRefreshToken(db: DbExecutor, token: string): Promise<RefreshTokenRow | undefined> {
  const [row] = await db
    .select()
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashRefreshToken(token)))
    .limit(1);
  return row;
}

/** Rotations met in one revocation before it stops waiting for them (a client refreshing in a tight loop). */
const MAX_END_LOOKS = 16;

/**
 * Locks the end of a family's rotation chain (its newest token, live or not) until the transaction
 * ends. A rotation locks the token it replaces, which is that end, so while it is held no successor
 * can be stored. A rotation already under way is waited for: the end it replaced then no longer
 * matches, and the successor it committed is found and locked by the next look.
 */
async function lockFamilyEnd(tx: DbExecutor, familyId: string): Promise<void> {
  for (let look = 0; look < MAX_END_LOOKS; look++) {
    const ends = await tx
      .select({ id: refreshTokens.id })
      .from(refreshTokens)
      .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.replacedBy)))
      .for('update');
    if (ends.length > 0) return;
  }
}

/**
 * Revokes every still-live token of a family (sign-out, or reuse of a rotated token); returns how
 * many were live. Run it in a transaction: the chain's end is locked first, so a refresh racing the
 * revocation either finishes before it (and its successor is revoked too) or finds the family
 * revoked. Without the lock, PostgreSQL's UPDATE would not see a successor stored by a rotation
 * still committing, and that successor would carry the session on after the sign-out.
 */
export async function revokeFamily(db: DbExecutor, familyId: string): Promise<number> {
  await lockFamilyEnd(db, familyId);
  const revoked = await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)))
    .returning({ id: refreshTokens.id });
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.sessionId, familyId));
  return revoked.length;
}

/** Marks a token rotated: `revokedAt` then records WHEN, which the grace window is measured from. */
export async function markReplaced(db: DbExecutor, id: string, replacedBy: string): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ replacedBy, revokedAt: new Date() })
    .where(eq(refreshTokens.id, id));
}

/**
 * Signs a person out of every device, or of every device but `keepFamilyId` (a password change
 * keeps the session that made it); returns how many devices were signed out. Each family goes
 * through revokeFamily, so a refresh racing the revocation is waited for and its successor
 * revoked too. Use endUserSessions (end-sessions.ts) to cut off access tokens as well.
 */
export async function revokeUserSessions(db: DbExecutor, userId: string, keepFamilyId?: string | null): Promise<number> {
  const live = await db
    .selectDistinct({ familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(
      and(
        eq(refreshTokens.userId, userId),
        isNull(refreshTokens.revokedAt),
        keepFamilyId ? ne(refreshTokens.familyId, keepFamilyId) : undefined,
      ),
    );
  let devices = 0;
  for (const { familyId } of live) {
    if ((await revokeFamily(db, familyId)) > 0) devices += 1;
  }
  return devices;
}
