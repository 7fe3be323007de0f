/**
 * What presenting a refresh token leads to, decided inside the caller's transaction with the
 * presented row locked. Rotation is deterministic (refresh-tokens.ts `successorToken`), which
 * gives a grace window: a token rotated less than `graceSeconds` ago is answered with the token
 * that replaced it (followed along the chain when that one was rotated too), so two tabs that
 * refresh at once, or a retry whose first answer was lost, stay signed in. Presented later, a
 * rotated token is reuse: someone kept a copy, and the whole family is revoked.
 */
import type { DbExecutor } from '../db/database';
import {
  insertRefreshToken,
  lockRefreshToken,
  markReplaced,
  successorToken,
  type RefreshTokenRow,
} from './refresh-tokens';

export interface RotationSettings {
  successorKey: Buffer;
  refreshTtlDays: number;
  graceSeconds: number;
}

export type RotationOutcome =
  /** The token to hand out (new, or the successor already issued) and its row. */
  | { kind: 'issued'; row: RefreshTokenRow; token: string }
  | { kind: 'unknown' }
  /** A rotated token presented after the grace window (or whose successor cannot be found). */
  | { kind: 'reuse'; row: RefreshTokenRow }
  /** The family was ended (sign-out, earlier reuse, disabled account). */
  | { kind: 'revoked'; row: RefreshTokenRow }
  | { kind: 'expired'; row: RefreshTokenRow };

/** A rotation chain longer than this inside one grace window is not a browser retrying. */
const MAX_CHAIN = 16;

function rotatedWithin(row: RefreshTokenRow, graceSeconds: number, now: number): boolean {
  return row.replacedBy !== null && row.revokedAt !== null && now - row.revokedAt.getTime() < graceSeconds * 1000;
}

/** The live end of the chain that starts at the rotated `row`, or why there is none. */
async function successorWithinGrace(
  tx: DbExecutor,
  settings: RotationSettings,
  presented: { row: RefreshTokenRow; token: string },
  now: number,
): Promise<RotationOutcome> {
  let current = presented;
  for (let hop = 0; hop < MAX_CHAIN; hop++) {
    const token = successorToken(settings.successorKey, current.token);
    const row = await lockRefreshToken(tx, token);
    // Not derivable (rotated before successors were derived) or not this chain: treat as reuse.
    if (!row || row.id !== current.row.replacedBy || row.familyId !== presented.row.familyId) {
      return { kind: 'reuse', row: presented.row };
    }
    if (row.replacedBy === null) {
      if (row.revokedAt) return { kind: 'revoked', row };
      if (row.expiresAt.getTime() <= now) return { kind: 'expired', row };
      return { kind: 'issued', row, token };
    }
    if (!rotatedWithin(row, settings.graceSeconds, now)) return { kind: 'reuse', row: presented.row };
    current = { row, token };
  }
  return { kind: 'reuse', row: presented.row };
}

/**
 * Rotates `token` (its successor is stored and the token marked replaced), or hands out the
 * successor again within the grace window. Run inside a transaction: the presented row is locked,
 * so of two concurrent presentations one rotates and the other waits, then finds the successor.
 */
export async function presentRefreshToken(
  tx: DbExecutor,
  settings: RotationSettings,
  token: string,
  now = Date.now(),
): Promise<RotationOutcome> {
  const row = await lockRefreshToken(tx, token);
  if (!row) return { kind: 'unknown' };
  if (row.replacedBy !== null) {
    return rotatedWithin(row, settings.graceSeconds, now)
      ? successorWithinGrace(tx, settings, { row, token }, now)
      : { kind: 'reuse', row };
  }
  if (row.revokedAt) return { kind: 'revoked', row };
  if (row.expiresAt.getTime() <= now) return { kind: 'expired', row };
  const next = await insertRefreshToken(tx, row.userId, settings.refreshTtlDays, {
    familyId: row.familyId,
    token: successorToken(settings.successorKey, token),
  }, { userAgent: row.userAgent, ipAddress: row.ipAddress });
  await markReplaced(tx, row.id, next.id);
  return { kind: 'issued', row, token: next.token };
}
