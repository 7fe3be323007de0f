import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import type { OrgMember, OrgMembersResponse, OrgRole } from '../../../../src/contract/orgs';
import type { Db, DbExecutor } from '../../db/database';
import { users } from '../../db/schema/index';
import { MESSAGES, conflict, forbidden, notFound } from '../../errors';
import type { AuthClaims } from '../access-tokens';
import type { UserRow } from '../users.service';
import { isUuid } from '../../db/ids';
import { decodeCursor, pageOf } from '../../db/keyset-cursor';
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

// Owners first, then admins, then members (the order of the management screen), each by name.
// The same expressions as the index users_org_member_order_idx, so a page is one index range read.
const roleRank = sql<number>`(case ${users.role} when 'org_owner' then 0 when 'org_admin' then 1 else 2 end)`;
const nameKey = sql<string>`lower(${users.name})`;

export interface MemberPageQuery {
  cursor?: string | undefined;
  limit: number;
}

/** How many people of each role the organisation has (one count over its rows, by users_org_id_idx). */
async function roleCounts(db: DbExecutor, orgId: string): Promise<OrgMembersResponse['role_counts']> {
  const rows = await db.select({ role: users.role, value: count() }).from(users).where(eq(users.orgId, orgId)).groupBy(users.role);
  const counts = { org_owner: 0, org_admin: 0, org_member: 0 };
  for (const row of rows) if (row.role in counts) counts[row.role as OrgRole] = row.value;
  return counts;
}

/** GET /orgs/members: one page of the organisation's people, keyed by (role, name, email, id). */
export async function listMembers(db: DbExecutor, orgId: string, query: MemberPageQuery): Promise<OrgMembersResponse> {
  const after = query.cursor ? decodeCursor(query.cursor, ['number', 'string', 'string', 'uuid']) : undefined;
  const [rows, counts] = await Promise.all([
    db
      .select({ user: users, rank: roleRank, nameKey })
      .from(users)
      .where(
        and(
          eq(users.orgId, orgId),
          after ? sql`(${roleRank}, ${nameKey}, ${users.email}, ${users.id}) > (${after[0]}::int, ${after[1]}, ${after[2]}, ${after[3]}::uuid)` : undefined,
        ),
      )
      .orderBy(roleRank, asc(nameKey), asc(users.email), asc(users.id))
      .limit(query.limit + 1),
    roleCounts(db, orgId),
  ]);
  const page = pageOf(rows, query.limit, (row) => [row.rank, row.nameKey, row.user.email, row.user.id]);
  return { members: page.rows.map((row) => toOrgMember(row.user)), next_cursor: page.next_cursor, role_counts: counts };
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
