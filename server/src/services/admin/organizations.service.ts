/**
 * The platform admin's view of organisations: searchable list with plan, size and balance, and one
 * organisation in detail (credits and ledger, spaces, members). Reads only: a renewal that is due
 * is applied when the organisation itself next asks (billing), not because an admin looked.
 */
import { and, count, desc, eq, ilike, isNull, or, sql } from 'drizzle-orm';
import { ADMIN_DETAIL_LIST_MAX, ADMIN_TEXTS, type AdminOrganization, type AdminOrganizationDetail, type AdminOrganizationPage } from '../../../../src/contract/admin';
import type { DbExecutor } from '../../db/database';
import { isUuid } from '../../db/ids';
import { creditAccounts, creditTransactions, kbDocuments, organizations, plans, refreshTokens, spaces, users } from '../../db/schema/index';
import { notFound } from '../../errors';
import { likePattern } from '../audit/audit-query.service';
import { planIsActive } from '../billing/plans.service';

export interface AdminOrganizationQuery {
  q?: string | undefined;
  limit: number;
  offset: number;
}

/** Entries of the ledger shown in the detail (newest first). */
const LEDGER_SHOWN = 25;

const memberCount = sql<number>`(select count(*) from ${users} where ${users.orgId} = ${organizations.id})`.mapWith(Number);
const spaceCount = sql<number>`(select count(*) from ${spaces} where ${spaces.orgId} = ${organizations.id} and ${spaces.deletedAt} is null)`.mapWith(Number);

const columns = {
  org: organizations,
  plan: plans,
  account: creditAccounts,
  members: memberCount,
  spaces: spaceCount,
};

type Row = {
  org: typeof organizations.$inferSelect;
  plan: typeof plans.$inferSelect | null;
  account: typeof creditAccounts.$inferSelect | null;
  members: number;
  spaces: number;
};

function toAdminOrganization(row: Row, now: Date): AdminOrganization {
  return {
    id: row.org.id,
    name: row.org.name,
    email_domain: row.org.emailDomain,
    created_at: row.org.createdAt.toISOString(),
    plan: row.plan
      ? { type: row.plan.type, name: row.plan.name, is_active: planIsActive(row.plan, now), expires_at: row.plan.expiresAt?.toISOString() ?? null }
      : null,
    members: row.members,
    spaces: row.spaces,
    credits_remaining: row.account ? Math.max(0, row.account.total - row.account.used) : null,
  };
}

const selectOrganizations = (db: DbExecutor) =>
  db
    .select(columns)
    .from(organizations)
    .leftJoin(plans, eq(plans.orgId, organizations.id))
    .leftJoin(creditAccounts, eq(creditAccounts.orgId, organizations.id));

/** Newest organisations first; `q` matches the name or the email domain (or an exact id). */
export async function listAdminOrganizations(db: DbExecutor, query: AdminOrganizationQuery, now = new Date()): Promise<AdminOrganizationPage> {
  const q = query.q?.trim();
  const where = q ? (isUuid(q) ? eq(organizations.id, q) : or(ilike(organizations.name, likePattern(q)), ilike(organizations.emailDomain, likePattern(q)))) : undefined;
  const rows = await selectOrganizations(db).where(where).orderBy(desc(organizations.createdAt), organizations.id).limit(query.limit).offset(query.offset);
  const [total] = await db.select({ value: count() }).from(organizations).where(where);
  return { organizations: rows.map((row) => toAdminOrganization(row, now)), total: total?.value ?? 0 };
}

export async function adminOrganizationDetail(db: DbExecutor, orgId: string, now = new Date()): Promise<AdminOrganizationDetail> {
  if (!isUuid(orgId)) throw notFound(ADMIN_TEXTS.organisationNotFound);
  const [row] = await selectOrganizations(db).where(eq(organizations.id, orgId)).limit(1);
  if (!row) throw notFound(ADMIN_TEXTS.organisationNotFound);

  const ledger = await db
    .select()
    .from(creditTransactions)
    .where(eq(creditTransactions.orgId, orgId))
    .orderBy(desc(creditTransactions.createdAt), desc(creditTransactions.id))
    .limit(LEDGER_SHOWN);
  const spaceRows = await db
    .select({
      space: spaces,
      documents: sql<number>`(select count(*) from ${kbDocuments} where ${kbDocuments.spaceId} = ${spaces.id})`.mapWith(Number),
    })
    .from(spaces)
    .where(and(eq(spaces.orgId, orgId), isNull(spaces.deletedAt)))
    .orderBy(desc(spaces.isDefault), spaces.name, spaces.id)
    .limit(ADMIN_DETAIL_LIST_MAX);
  const memberRows = await db
    .select({
      user: users,
      lastActive: sql<string | null>`to_char((select max(${refreshTokens.createdAt}) from ${refreshTokens} where ${refreshTokens.userId} = ${users.id}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
    })
    .from(users)
    .where(eq(users.orgId, orgId))
    .orderBy(sql`case ${users.role} when 'org_owner' then 0 when 'org_admin' then 1 else 2 end`, users.name, users.id)
    .limit(ADMIN_DETAIL_LIST_MAX);

  const account = row.account;
  return {
    ...toAdminOrganization(row, now),
    credits: account
      ? { used: account.used, total: account.total, remaining: Math.max(0, account.total - account.used), reset_date: account.resetDate.toISOString() }
      : null,
    ledger: ledger.map((entry) => ({
      id: entry.id,
      created_at: entry.createdAt.toISOString(),
      transaction_type: entry.transactionType,
      // Debits take credits away; every other kind adds them.
      credits: entry.transactionType === 'debit' ? -entry.credits : entry.credits,
      balance_after: entry.balanceAfter,
      feature: entry.feature,
      activity: entry.activity,
      activity_details: entry.activityDetails,
    })),
    space_list: spaceRows.map(({ space, documents }) => ({
      id: space.id,
      name: space.name,
      slug: space.slug,
      is_default: space.isDefault,
      archived: space.archivedAt !== null,
      created_at: space.createdAt.toISOString(),
      documents,
    })),
    member_list: memberRows.map(({ user, lastActive }) => ({
      id: user.id,
      name: user.name,
      email: user.email,
      role: user.role,
      status: user.disabled ? ('suspended' as const) : ('active' as const),
      last_active_at: lastActive,
    })),
  };
}
