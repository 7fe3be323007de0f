/**
 * At most ACCOUNT_SESSIONS_MAX devices signed in to one account (src/contract/account.ts): a
 * sign-in past it signs out the devices used least recently, so the device list (GET
 * /account/sessions) and the work behind it stay bounded however often a person signs in.
 */
import { and, desc, eq, gt, isNull, max } from 'drizzle-orm';
import { ACCOUNT_SESSIONS_MAX } from '../../../src/contract/account';
import type { DbExecutor } from '../db/database';
import { refreshTokens } from '../db/schema/index';
import { revokeFamily } from './refresh-tokens';

/**
 * Revokes the refresh-token families of `userId` beyond the newest ACCOUNT_SESSIONS_MAX (by their
 * live token's creation: a device refreshes every ~15 minutes while in use). Their access tokens
 * lapse within their short lifetime, as after "Sign out" on the device list. Returns how many.
 */
export async function signOutLeastRecentDevices(db: DbExecutor, userId: string): Promise<number> {
  const lastUsed = max(refreshTokens.createdAt);
  const beyond = await db
    .select({ familyId: refreshTokens.familyId, lastUsed })
    .from(refreshTokens)
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt), gt(refreshTokens.expiresAt, new Date())))
    .groupBy(refreshTokens.familyId)
    .orderBy(desc(lastUsed), desc(refreshTokens.familyId))
    .offset(ACCOUNT_SESSIONS_MAX);
  let revoked = 0;
  for (const { familyId } of beyond) if ((await revokeFamily(db, familyId)) > 0) revoked += 1;
  return revoked;
}
