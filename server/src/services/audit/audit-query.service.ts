/**
 * Reading the audit log: a filtered page of entries, newest first, for platform admins (every
 * organisation) and organisation owners (their own). Pages are keyed by (occurred_at, id) so a
 * page never repeats or skips an entry while new ones are appended.
 */
import { and, desc, eq, gte, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { AuditEvent, AuditPage } from '../../../../src/contract/audit';
import { isAdminRole, type Role } from '../../../../src/contract/auth';
import type { DbExecutor } from '../../db/database';
import { isUuid } from '../../db/ids';
import { invalidCursor } from '../../db/keyset-cursor';
import { auditEvents, organizations, spaces, users } from '../../db/schema/index';

export interface AuditQuery {
  action?: string | undefined;
  actor?: string | undefined;
  organization?: string | undefined;
  /** YYYY-MM-DD (UTC), included. */
  from?: string | undefined;
  to?: string | undefined;
  cursor?: string | undefined;
  limit: number;
}

/** Whose entries: one organisation's (an owner), or all (a platform admin). */
export type AuditScope = { kind: 'organization'; orgId: string } | { kind: 'platform' };

const DAY_MS = 24 * 60 * 60 * 1000;
const CURSOR = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)\|([0-9a-f-]{36})$/i;

/** `%`, `_` and `\` typed into a search box are matched literally. */
export const likePattern = (text: string): string => `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

/** The microsecond timestamp as text, identical on PGlite and PostgreSQL: the cursor must not lose precision. */
const occurredText = sql<string>`to_char(${auditEvents.occurredAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

function filtersOf(query: AuditQuery, scope: AuditScope): SQL[] {
  const where: SQL[] = [];
  if (scope.kind === 'organization') where.push(eq(auditEvents.orgId, scope.orgId));
  const action = query.action?.trim();
  // "auth" is a whole area (auth.*); "auth.signed_in" one action.
  if (action) where.push(action.includes('.') ? eq(auditEvents.action, action) : ilike(auditEvents.action, `${action.replace(/[\\%_]/g, '')}.%`));
  const actor = query.actor?.trim();
  if (actor) {
    // A failed sign-in has no actor; the address typed is in its details.
    where.push(
      isUuid(actor)
        ? or(eq(auditEvents.actorUserId, actor), eq(auditEvents.targetId, actor))!
        : or(ilike(auditEvents.actorEmail, likePattern(actor)), ilike(sql`${auditEvents.details}->>'email'`, likePattern(actor)))!,
    );
  }
  const organization = query.organization?.trim();
  if (organization && scope.kind === 'platform') {
    where.push(
      isUuid(organization)
        ? eq(auditEvents.orgId, organization)
        : inArray(auditEvents.orgId, sql`(select ${organizations.id} from ${organizations} where ${organizations.name} ilike ${likePattern(organization)})`),
    );
  }
  if (query.from) where.push(gte(auditEvents.occurredAt, new Date(`${query.from}T00:00:00.000Z`)));
  if (query.to) where.push(lt(auditEvents.occurredAt, new Date(Date.parse(`${query.to}T00:00:00.000Z`) + DAY_MS)));
  if (query.cursor) {
    const match = CURSOR.exec(query.cursor);
    if (!match) throw invalidCursor();
    where.push(sql`(${auditEvents.occurredAt}, ${auditEvents.id}) < (${match[1]}::timestamptz, ${match[2]}::uuid)`);
  }
  return where;
}

export async function listAuditEvents(db: DbExecutor, query: AuditQuery, scope: AuditScope): Promise<AuditPage> {
  const rows = await db
    .select({ event: auditEvents, occurred: occurredText })
    .from(auditEvents)
    .where(and(...filtersOf(query, scope)))
    .orderBy(desc(auditEvents.occurredAt), desc(auditEvents.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  const names = await namesFor(db, page.map((row) => row.event));
  return {
    events: page.map(({ event }) => toWire(event, names, scope)),
    next_cursor: rows.length > query.limit && last ? `${last.occurred}|${last.event.id}` : null,
  };
}

type AuditRow = typeof auditEvents.$inferSelect;
interface Names {
  orgs: Map<string, string>;
  users: Map<string, string>;
  spaces: Map<string, string>;
}

/** Current names of what the page mentions (one query per kind); gone rows simply have none. */
async function namesFor(db: DbExecutor, rows: AuditRow[]): Promise<Names> {
  const ids = (type: string) => [...new Set(rows.filter((row) => row.targetType === type && row.targetId && isUuid(row.targetId)).map((row) => row.targetId!))];
  const orgIds = [...new Set([...rows.map((row) => row.orgId).filter((id): id is string => id !== null), ...ids('organization')])];
  const userIds = ids('user');
  const spaceIds = ids('space');
  const [orgRows, userRows, spaceRows] = await Promise.all([
    orgIds.length ? db.select({ id: organizations.id, name: organizations.name }).from(organizations).where(inArray(organizations.id, orgIds)) : [],
    userIds.length ? db.select({ id: users.id, name: users.name, email: users.email }).from(users).where(inArray(users.id, userIds)) : [],
    spaceIds.length ? db.select({ id: spaces.id, name: spaces.name }).from(spaces).where(inArray(spaces.id, spaceIds)) : [],
  ]);
  return {
    orgs: new Map(orgRows.map((row) => [row.id, row.name])),
    users: new Map(userRows.map((row) => [row.id, `${row.name} (${row.email})`])),
    spaces: new Map(spaceRows.map((row) => [row.id, row.name])),
  };
}

function labelOf(row: AuditRow, names: Names): string | null {
  if (!row.targetId) return null;
  if (row.targetType === 'user') return names.users.get(row.targetId) ?? null;
  if (row.targetType === 'organization') return names.orgs.get(row.targetId) ?? null;
  if (row.targetType === 'space') return names.spaces.get(row.targetId) ?? null;
  return null;
}

/**
 * An organisation's owners see that Mosaic's staff acted (a credit adjustment, a suspension) but
 * not which staff member: the platform admin's address stays inside the platform.
 */
function actorFor(row: AuditRow, scope: AuditScope): AuditEvent['actor'] {
  if (!row.actorUserId && !row.actorEmail) return null;
  if (scope.kind === 'organization' && isAdminRole(row.actorRole as Role | null)) return { id: null, email: null, role: row.actorRole };
  return { id: row.actorUserId, email: row.actorEmail, role: row.actorRole };
}

function toWire(row: AuditRow, names: Names, scope: AuditScope): AuditEvent {
  return {
    id: row.id,
    occurred_at: row.occurredAt.toISOString(),
    action: row.action,
    actor: actorFor(row, scope),
    org_id: row.orgId,
    org_name: row.orgId ? (names.orgs.get(row.orgId) ?? null) : null,
    target: row.targetType && row.targetId ? { type: row.targetType, id: row.targetId, label: labelOf(row, names) } : null,
    ip_address: row.ipAddress,
    details: row.details,
  };
}
