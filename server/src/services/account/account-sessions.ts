/**
 * The devices signed in to an account: one per refresh-token family that still has a live token.
 * The live token's row says when the device last refreshed (every ~15 minutes while in use) and
 * from which browser and address; the family's first row says when it signed in.
 */
import { and, eq, gt, inArray, isNull, min, ne } from 'drizzle-orm';
import { ACCOUNT_SESSIONS_MAX, type AccountSession } from '../../../../src/contract/account';
import type { Db } from '../../db/database';
import { isUuid } from '../../db/ids';
import { refreshTokens } from '../../db/schema/index';
import { MESSAGES, conflict, notFound } from '../../errors';
import { recordAudit } from '../audit/audit.service';
import { endUserSessions } from '../end-sessions';
import { revokeFamily } from '../refresh-tokens';
import type { AccountCaller } from './account.service';

const liveTokensOf = (userId: string) =>
  and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt), gt(refreshTokens.expiresAt, new Date()));

export async function listAccountSessions(db: Db, caller: AccountCaller): Promise<AccountSession[]> {
  const live = await db.select().from(refreshTokens).where(liveTokensOf(caller.user.id));
  if (live.length === 0) return [];
  // Only the live families' rows: at most ACCOUNT_SESSIONS_MAX devices (session-cap.ts), not every
  // family the account ever had.
  const started = await db
    .select({ familyId: refreshTokens.familyId, first: min(refreshTokens.createdAt) })
    .from(refreshTokens)
    .where(and(eq(refreshTokens.userId, caller.user.id), inArray(refreshTokens.familyId, [...new Set(live.map((row) => row.familyId))])))
    .groupBy(refreshTokens.familyId);
  const startOf = new Map(started.map((row) => [row.familyId, row.first]));
  // A device is a token family; a family holds one live token, but count it once even if a
  // rotation's two rows are ever both live for an instant.
  const newestOfFamily = new Map<string, (typeof live)[number]>();
  for (const row of live) {
    const seen = newestOfFamily.get(row.familyId);
    if (!seen || seen.createdAt < row.createdAt) newestOfFamily.set(row.familyId, row);
  }
  return [...newestOfFamily.values()]
    .map((row) => ({
      id: row.familyId,
      created_at: (startOf.get(row.familyId) ?? row.createdAt).toISOString(),
      last_used_at: row.createdAt.toISOString(),
      user_agent: row.userAgent,
      ip_address: row.ipAddress,
      current: row.familyId === caller.sessionId,
    }))
    .sort((a, b) => Number(b.current) - Number(a.current) || b.last_used_at.localeCompare(a.last_used_at))
    // The cap holds from the account's next sign-in (session-cap.ts); until then, list no more than it.
    .slice(0, ACCOUNT_SESSIONS_MAX);
}

/**
 * Signs one device out. Another person's session, an ended one and a malformed id all answer 404.
 * The device's access token lapses within ACCESS_TOKEN_TTL_SECONDS; it cannot refresh any more.
 */
export async function revokeAccountSession(db: Db, caller: AccountCaller, sessionId: string, ipAddress: string | null): Promise<void> {
  if (!isUuid(sessionId)) throw notFound(MESSAGES.accountSessionNotFound);
  await db.transaction(async (tx) => {
    const [live] = await tx
      .select({ id: refreshTokens.id })
      .from(refreshTokens)
      .where(and(liveTokensOf(caller.user.id), eq(refreshTokens.familyId, sessionId)))
      .limit(1);
    if (!live) throw notFound(MESSAGES.accountSessionNotFound);
    await revokeFamily(tx, sessionId);
    await recordAudit(tx, {
      action: 'account.session_revoked',
      actor: { userId: caller.user.id, email: caller.user.email, role: caller.user.role },
      orgId: caller.user.orgId,
      target: { type: 'refresh_token_family', id: sessionId },
      ipAddress,
    });
  });
}

/**
 * Signs every device but the caller's out ("Sign out all other devices"): their refresh tokens are
 * revoked and their access tokens refused at once (end-sessions.ts); each device is audited as the
 * single-device sign-out is. Returns how many devices were signed out.
 */
export async function revokeOtherAccountSessions(db: Db, caller: AccountCaller, ipAddress: string | null): Promise<number> {
  const keep = caller.sessionId;
  if (!keep) throw conflict(MESSAGES.accountSessionUnknown);
  return db.transaction(async (tx) => {
    const others = await tx
      .selectDistinct({ familyId: refreshTokens.familyId })
      .from(refreshTokens)
      .where(and(liveTokensOf(caller.user.id), ne(refreshTokens.familyId, keep)));
    if (others.length === 0) return 0;
    await endUserSessions(tx, caller.user.id, keep);
    for (const { familyId } of others) {
      await recordAudit(tx, {
        action: 'account.session_revoked',
        actor: { userId: caller.user.id, email: caller.user.email, role: caller.user.role },
        orgId: caller.user.orgId,
        target: { type: 'refresh_token_family', id: familyId },
        details: { all_others: true },
        ipAddress,
      });
    }
    return others.length;
  });
}
