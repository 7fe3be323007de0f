import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import type { OrgMember, OrgRole } from '../../../../src/contract/orgs';
import type { Db, DbExecutor } from '../../db/database';
import { users } from '../../db/schema/index';
import { MESSAGES, conflict, forbidden, notFound } from '../../errors';
import type { AuthClaims } from '../access-tokens';
import type { UserRow } from '../users.service';
import { isUuid } from '../../db/ids';
import { recordAudit } from '../audit/audit.service';
import { lockOrgForManager, type OrgManager } from './org-manager';

export function toOrgMember(row: UserRow): OrgMember {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role as OrgRole,
    joined_at: row.createdAt.toISOString(),
  };
}

// Owners first, then admins, then members (the order of the management screen).
const roleRank = sql`case ${users.role} when 'org_owner' then 0 when 'org_admin' then 1 else 2 end`;

export async function listMembers(db: DbExecutor, orgId: string): Promise<OrgMember[]> {
  const rows = await db
    .select()
    .from(users)
    .where(eq(users.orgId, orgId))
    .orderBy(roleRank, asc(sql`lower(${users.name})`), asc(users.email));
  return rows.map(toOrgMember);
}

/** The target of a change, locked; another organisation's member is reported as missing. */
async function lockMember(tx: DbExecutor, manager: OrgManager, memberId: string): Promise<UserRow> {
  if (!isUuid(memberId)) throw notFound(MESSAGES.memberNotFound);
  const [row] = await tx
    .select()
    .from(users)
    .where(and(eq(users.id, memberId), eq(users.orgId, manager.orgId)))
    .for('update')
    .limit(1);
  if (!row) throw notFound(MESSAGES.memberNotFound);
  return row;
}

async function otherOwnerCount(tx: DbExecutor, orgId: string, exceptUserId: string): Promise<number> {
  const [row] = await tx
    .select({ value: count() })
    .from(users)
    .where(and(eq(users.orgId, orgId), eq(users.role, 'org_owner'), ne(users.id, exceptUserId)));
  return row?.value ?? 0;
}

/**
 * Rules: nobody changes their own role; only an owner gives, takes away or changes the owner
 * role; the organisation keeps at least one owner. Refusals change nothing. The new role counts at
 * the member's next request wherever the role is read from the user row (/me, these routes,
 * /refresh); other routes read the access token, which /refresh re-issues with the new role.
 */
export async function changeMemberRole(db: Db, caller: AuthClaims, memberId: string, role: OrgRole, ipAddress: string | null = null): Promise<OrgMember> {
  return db.transaction(async (tx) => {
    const manager = await lockOrgForManager(tx, caller);
    const member = await lockMember(tx, manager, memberId);
    if (member.id === manager.userId) throw forbidden(MESSAGES.cannotChangeOwnRole);
    const touchesOwner = member.role === 'org_owner' || role === 'org_owner';
    if (touchesOwner && manager.role !== 'org_owner') throw forbidden(MESSAGES.onlyOwnersManageOwners);
    if (member.role === role) return toOrgMember(member);
    if (member.role === 'org_owner' && (await otherOwnerCount(tx, manager.orgId, member.id)) === 0) {
      throw conflict(MESSAGES.lastOwner);
    }
    const [updated] = await tx.update(users).set({ role }).where(eq(users.id, member.id)).returning();
    if (!updated) throw notFound(MESSAGES.memberNotFound);
    await recordAudit(tx, {
      action: 'members.role_changed',
      actor: { userId: manager.userId },
      orgId: manager.orgId,
      target: { type: 'user', id: member.id },
      ipAddress,
      details: { email: member.email, from: member.role, to: role },
    });
    return toOrgMember(updated);
  });
}

/**
 * Removing deletes the account: its refresh tokens go with it (signed out everywhere, /refresh
 * and /login answer 401), the address becomes free to be invited again, and what the person made
 * (chats, documents, ledger entries) stays with the organisation with its author set to null.
 */
export async function removeMember(db: Db, caller: AuthClaims, memberId: string, ipAddress: string | null = null): Promise<void> {
  await db.transaction(async (tx) => {
    const manager = await lockOrgForManager(tx, caller);
    const member = await lockMember(tx, manager, memberId);
    if (member.id === manager.userId) throw forbidden(MESSAGES.cannotRemoveYourself);
    if (member.role === 'org_owner') {
      if (manager.role !== 'org_owner') throw forbidden(MESSAGES.onlyOwnersRemoveOwners);
      if ((await otherOwnerCount(tx, manager.orgId, member.id)) === 0) throw conflict(MESSAGES.lastOwner);
    }
    await tx.delete(users).where(eq(users.id, member.id));
    await recordAudit(tx, {
      action: 'members.removed',
      actor: { userId: manager.userId },
      orgId: manager.orgId,
      target: { type: 'user', id: member.id },
      ipAddress,
      details: { email: member.email, name: member.name, role: member.role },
    });
  });
}
