/**
 * Ending a person's sessions at once, access tokens included: the platform admin's suspend and
 * "sign out everywhere", a password reset and a password change all go through here.
 *
 * Revoking the refresh-token families stops every device from refreshing, but an access token
 * is a stateless JWT that would keep working until it expires (ACCESS_TOKEN_TTL_SECONDS, up to
 * 15 minutes). `users.sessions_revoked_at` closes that gap: requireAuth (plugins/auth.ts) refuses
 * an access token issued at or before it unless the token's session is still live, which only a
 * session deliberately kept (the device that changed the password) or one begun since can be.
 */
import { eq } from 'drizzle-orm';
import type { DbExecutor } from '../db/database';
import { users } from '../db/schema/index';
import { revokeUserSessions } from './refresh-tokens';

/**
 * Signs `userId` out of every device but `keepFamilyId` (if given) now; returns how many devices
 * were signed out. Run it in the transaction that makes the change.
 */
export async function endUserSessions(tx: DbExecutor, userId: string, keepFamilyId?: string | null): Promise<number> {
  const devices = await revokeUserSessions(tx, userId, keepFamilyId);
  // Stamped after the revocation, which waits for a rotation under way: an access token that
  // rotation signed is then not younger than the stamp, so its (revoked) session is checked.
  await tx.update(users).set({ sessionsRevokedAt: new Date() }).where(eq(users.id, userId));
  return devices;
}
