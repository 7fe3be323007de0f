import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { DbExecutor } from '../db/database';
import { refreshTokens } from '../db/schema/index';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Tokens are 256 random bits; only their SHA-256 is stored. */
export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export interface IssuedRefreshToken {
  id: string;
  token: string;
}

/** Stores a new token, in `familyId` when rotating or in a new family at sign-in. */
export async function insertRefreshToken(
  db: DbExecutor,
  userId: string,
  ttlDays: number,
  familyId: string = randomUUID(),
): Promise<IssuedRefreshToken> {
  const token = randomBytes(32).toString('base64url');
  const [row] = await db
    .insert(refreshTokens)
    .values({
      userId,
      familyId,
      tokenHash: hashRefreshToken(token),
      expiresAt: new Date(Date.now() + ttlDays * DAY_MS),
    })
    .returning({ id: refreshTokens.id });
  if (!row) throw new Error('refresh token insert returned no row');
  return { id: row.id, token };
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

/** Revokes every still-live token of a family (sign-out, or reuse of a rotated token). */
export async function revokeFamily(db: DbExecutor, familyId: string): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

export async function markReplaced(db: DbExecutor, id: string, replacedBy: string): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ replacedBy, revokedAt: new Date() })
    .where(eq(refreshTokens.id, id));
}
