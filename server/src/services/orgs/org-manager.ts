import { eq } from 'drizzle-orm';
import { isOrgManagerRole } from '../../../../src/contract/auth';
import type { DbExecutor } from '../../db/database';
import { organizations, users } from '../../db/schema/index';
import { MESSAGES, forbidden, unauthorized } from '../../errors';
import type { AuthClaims } from '../access-tokens';

/** An owner or admin as the database says now, with the organisation they manage. */
export interface OrgManager {
  userId: string;
  role: 'org_owner' | 'org_admin';
  orgId: string;
}

/**
 * The caller's role and organisation from the user row, read inside the transaction that changes
 * membership (the row requireAuth read may be stale by the time the lock is held). A removed or
 * disabled account gets 401, a member or platform admin 403.
 */
async function currentOrgManager(db: DbExecutor, claims: AuthClaims): Promise<OrgManager> {
  const [row] = await db
    .select({ id: users.id, role: users.role, orgId: users.orgId, disabled: users.disabled })
    .from(users)
    .where(eq(users.id, claims.userId))
    .limit(1);
  if (!row || row.disabled) throw unauthorized(MESSAGES.notAuthenticated);
  if (!row.orgId || !isOrgManagerRole(row.role)) throw forbidden(MESSAGES.onlyManagersManageMembers);
  return { userId: row.id, role: row.role as OrgManager['role'], orgId: row.orgId };
}

/**
 * Inside a transaction: locks the organisation row so membership changes of one organisation run
 * one after another (two owners demoting each other at once cannot leave it without an owner),
 * then re-reads the caller under that lock.
 */
export async function lockOrgForManager(tx: DbExecutor, claims: AuthClaims): Promise<OrgManager> {
  const unlocked = await currentOrgManager(tx, claims);
  await tx.select({ id: organizations.id }).from(organizations).where(eq(organizations.id, unlocked.orgId)).for('update');
  // The role may have changed while waiting for the lock.
  return currentOrgManager(tx, claims);
}
