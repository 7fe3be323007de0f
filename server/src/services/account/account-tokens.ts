import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { DbExecutor } from '../../db/database';
import { accountTokens, type AccountTokenPurpose } from '../../db/schema/index';

export type AccountTokenRow = typeof accountTokens.$inferSelect;

/** 256 random bits; the database keeps only the SHA-256, so a leaked backup resets nothing. */
export function hashAccountSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

export interface IssueAccountToken {
  userId: string;
  purpose: AccountTokenPurpose;
  lifetimeMs: number;
  newEmail?: string;
}

/**
 * Stores a new secret for `purpose` and returns it (the only time it exists in clear). The
 * person's earlier unused secrets of the same purpose are deleted: only the newest link works.
 */
export async function issueAccountToken(db: DbExecutor, input: IssueAccountToken, now = new Date()): Promise<string> {
  const secret = randomBytes(32).toString('base64url');
  await db
    .delete(accountTokens)
    .where(and(eq(accountTokens.userId, input.userId), eq(accountTokens.purpose, input.purpose), isNull(accountTokens.usedAt)));
  await db.insert(accountTokens).values({
    userId: input.userId,
    purpose: input.purpose,
    tokenHash: hashAccountSecret(secret),
    newEmail: input.newEmail ?? null,
    createdAt: now,
    expiresAt: new Date(now.getTime() + input.lifetimeMs),
  });
  return secret;
}

export type ConsumedToken = { kind: 'ok'; row: AccountTokenRow } | { kind: 'invalid' } | { kind: 'expired' };

/**
 * Uses a secret up, inside the caller's transaction: the row is locked, so of two requests with
 * one link the first uses it and the second finds it used. Unknown, used, replaced and
 * other-purpose secrets are all `invalid` (nothing tells them apart); past its expiry `expired`.
 */
export async function consumeAccountToken(
  tx: DbExecutor,
  secret: string,
  purpose: AccountTokenPurpose,
  now = new Date(),
): Promise<ConsumedToken> {
  const [row] = await tx
    .select()
    .from(accountTokens)
    .where(and(eq(accountTokens.tokenHash, hashAccountSecret(secret)), eq(accountTokens.purpose, purpose)))
    .for('update')
    .limit(1);
  if (!row || row.usedAt) return { kind: 'invalid' };
  if (row.expiresAt.getTime() <= now.getTime()) return { kind: 'expired' };
  await tx.update(accountTokens).set({ usedAt: now }).where(eq(accountTokens.id, row.id));
  return { kind: 'ok', row };
}
