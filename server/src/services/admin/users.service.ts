/**
 * The platform admin's view of people: every account of every organisation (and the platform
 * admins), searchable, and one account in detail with its signed-in devices and, while
 * suspended, who suspended it and why.
 */
import { and, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { AdminUser, AdminUserDetail, AdminUserPage, UserStatus } from '../../../../src/contract/admin';
import { ADMIN_TEXTS } from '../../../../src/contract/admin';
import type { Role } from '../../../../src/contract/auth';
import type { Db, DbExecutor } from '../../db/database';
import { isUuid } from '../../db/ids';
import { auditEvents, organizations, refreshTokens, users } from '../../db/schema/index';
import { notFound } from '../../errors';
import { listAccountSessions } from '../account/account-sessions';
import { likePattern } from '../audit/audit-query.service';

export interface AdminUserQuery {
  q?: string | undefined;
  /** One organisation's people (its id). */
  organization?: string | undefined;
  role?: Role | undefined;
  status?: UserStatus | undefined;
  limit: number;
  offset: number;
}

/** The latest sign-in or refresh of the row's account (index refresh_tokens_user_idx). */
const lastActiveAt = sql<Date | null>`(select max(${refreshTokens.createdAt}) from ${refreshTokens} where ${refreshTokens.userId} = ${users.id})`;

const columns = {
  user: users,
  orgName: organizations.name,
  lastActive: sql<string | null>`to_char(${lastActiveAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
};

type Row = { user: typeof users.$inferSelect; orgName: string | null; lastActive: string | null };

function toAdminUser({ user, orgName, lastActive }: Row): AdminUser {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    role: user.role,
    status: user.disabled ? 'suspended' : 'active',
    org_id: user.orgId,
    org_name: orgName,
    created_at: user.createdAt.toISOString(),
    last_active_at: lastActive,
  };
}

function filtersOf(query: AdminUserQuery): SQL | undefined {
  const where: SQL[] = [];
  const q = query.q?.trim();
  if (q) where.push(isUuid(q) ? eq(users.id, q) : or(ilike(users.name, likePattern(q)), ilike(users.email, likePattern(q)))!);
  // An id that cannot be an organisation's matches nobody (never the database's invalid-input error).
  if (query.organization) where.push(isUuid(query.organization) ? eq(users.orgId, query.organization) : sql`false`);
  if (query.role) where.push(eq(users.role, query.role));
  if (query.status) where.push(eq(users.disabled, query.status === 'suspended'));
  return where.length ? and(...where) : undefined;
}

/** Newest accounts first; `total` counts every match, for the pager. */
export async function listAdminUsers(db: DbExecutor, query: AdminUserQuery): Promise<AdminUserPage> {
  const where = filtersOf(query);
  const rows = await db
    .select(columns)
    .from(users)
    .leftJoin(organizations, eq(organizations.id, users.orgId))
    .where(where)
    .orderBy(desc(users.createdAt), users.id)
    .limit(query.limit)
    .offset(query.offset);
  const [total] = await db.select({ value: count() }).from(users).where(where);
  return { users: rows.map(toAdminUser), total: total?.value ?? 0 };
}

async function suspensionOf(db: DbExecutor, userId: string): Promise<AdminUserDetail['suspension']> {
  const [event] = await db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.action, 'admin.user_suspended'), eq(auditEvents.targetId, userId)))
    .orderBy(desc(auditEvents.occurredAt))
    .limit(1);
  if (!event) return null;
  const reason = event.details.reason;
  return { at: event.occurredAt.toISOString(), by: event.actorEmail, reason: typeof reason === 'string' ? reason : null };
}

/** When the account last signed in: the start of its most recent session. */
async function lastSignInOf(db: DbExecutor, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ first: sql<string | null>`to_char(min(${refreshTokens.createdAt}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')` })
    .from(refreshTokens)
    .where(eq(refreshTokens.userId, userId))
    .groupBy(refreshTokens.familyId)
    .orderBy(desc(sql`min(${refreshTokens.createdAt})`))
    .limit(1);
  return row?.first ?? null;
}

export async function findAdminUser(db: DbExecutor, userId: string): Promise<Row> {
  if (!isUuid(userId)) throw notFound(ADMIN_TEXTS.userNotFound);
  const [row] = await db.select(columns).from(users).leftJoin(organizations, eq(organizations.id, users.orgId)).where(eq(users.id, userId)).limit(1);
  if (!row) throw notFound(ADMIN_TEXTS.userNotFound);
  return row;
}

export async function adminUserDetail(db: Db, userId: string): Promise<AdminUserDetail> {
  const row = await findAdminUser(db, userId);
  const devices = await listAccountSessions(db, { user: row.user, sessionId: null });
  return {
    ...toAdminUser(row),
    last_sign_in_at: await lastSignInOf(db, userId),
    devices: devices.map(({ id, created_at, last_used_at, user_agent, ip_address }) => ({ id, created_at, last_used_at, user_agent, ip_address })),
    suspension: row.user.disabled ? await suspensionOf(db, userId) : null,
  };
}
