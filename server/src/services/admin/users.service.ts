/**
 * The platform admin's view of people: every account of every organisation (and the platform
 * admins), searchable, and one account in detail with its signed-in devices and, while
 * suspended, who suspended it and why.
 */
import { and, count, desc, eq, ilike, like, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
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

/** The latest sign-in or refresh of an account (index refresh_tokens_user_idx). */
const lastActiveOf = (userId: AnyPgColumn) =>
  sql<string | null>`to_char((select max(${refreshTokens.createdAt}) from ${refreshTokens} where ${refreshTokens.userId} = ${userId}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

type Listed = Pick<typeof users.$inferSelect, 'id' | 'name' | 'email' | 'role' | 'orgId' | 'createdAt' | 'disabled'>;
type Row = { user: Listed; orgName: string | null; lastActive: string | null };

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

/**
 * A part of the name or the address, in any case: `LIKE` on search_text (both lower-cased, one
 * line each), which answers what `ILIKE` on each column would, PostgreSQL's `ILIKE` being a `LIKE`
 * of both sides lower-cased. Text holding a line break could span the two lines there, so it is
 * matched on the columns themselves.
 */
function matchesText(q: string): SQL {
  const pattern = likePattern(q);
  if (q.includes('\n')) return or(ilike(users.name, pattern), ilike(users.email, pattern))!;
  return like(users.searchText, sql`lower(${pattern})`);
}

function filtersOf(query: AdminUserQuery): SQL | undefined {
  const where: SQL[] = [];
  const q = query.q?.trim();
  if (q) where.push(isUuid(q) ? eq(users.id, q) : matchesText(q));
  // An id that cannot be an organisation's matches nobody (never the database's invalid-input error).
  if (query.organization) where.push(isUuid(query.organization) ? eq(users.orgId, query.organization) : sql`false`);
  if (query.role) where.push(eq(users.role, query.role));
  if (query.status) where.push(eq(users.disabled, query.status === 'suspended'));
  return where.length ? and(...where) : undefined;
}

/**
 * The page's accounts, each row carrying the number of every match (`count(*) over ()`): the
 * matches are read once for both, where a page and a separate count matched every account twice.
 * The organisation's name and the last activity are looked up for the page's rows only.
 */
async function pageWithTotal(db: DbExecutor, where: SQL | undefined, { limit, offset }: AdminUserQuery) {
  const matches = db.$with('matches').as(
    db
      .select({
        id: users.id,
        name: users.name,
        email: users.email,
        role: users.role,
        orgId: users.orgId,
        createdAt: users.createdAt,
        disabled: users.disabled,
        total: sql<number>`count(*) over ()`.mapWith(Number).as('total'),
      })
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), users.id)
      .limit(limit)
      .offset(offset),
  );
  return db
    .with(matches)
    .select({
      user: { id: matches.id, name: matches.name, email: matches.email, role: matches.role, orgId: matches.orgId, createdAt: matches.createdAt, disabled: matches.disabled },
      total: matches.total,
      orgName: organizations.name,
      lastActive: lastActiveOf(matches.id),
    })
    .from(matches)
    .leftJoin(organizations, eq(organizations.id, matches.orgId))
    .orderBy(desc(matches.createdAt), matches.id);
}

/** Newest accounts first; `total` counts every match, for the pager. */
export async function listAdminUsers(db: DbExecutor, query: AdminUserQuery): Promise<AdminUserPage> {
  const where = filtersOf(query);
  const rows = await pageWithTotal(db, where, query);
  // A page past the last match has no row to carry the total: only then is it counted on its own.
  const total = rows[0]?.total ?? (query.offset > 0 ? await countOf(db, where) : 0);
  return { users: rows.map(toAdminUser), total };
}

async function countOf(db: DbExecutor, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ value: count() }).from(users).where(where);
  return row?.value ?? 0;
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

export async function findAdminUser(db: DbExecutor, userId: string) {
  if (!isUuid(userId)) throw notFound(ADMIN_TEXTS.userNotFound);
  const [row] = await db.select({ user: users, orgName: organizations.name, lastActive: lastActiveOf(users.id) }).from(users).leftJoin(organizations, eq(organizations.id, users.orgId)).where(eq(users.id, userId)).limit(1);
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
