import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Space } from '../../../src/contract/spaces';
import type { Db, DbExecutor } from '../db/database';
import { isUniqueViolation } from '../db/errors';
import { decodeCursor, pageOf } from '../db/keyset-cursor';
import { spaces } from '../db/schema/index';
import { MESSAGES, conflict } from '../errors';
import { recordAudit, type AuditContext } from './audit/audit.service';

export const DEFAULT_SPACE = { name: 'General', slug: 'general' } as const;

type SpaceRow = typeof spaces.$inferSelect;

/** A space as request handlers see it: the client's Space plus the organisation it belongs to. */
export interface SpaceContext extends Space {
  org_id: string;
}

export function toSpace(row: SpaceRow): SpaceContext {
  return {
    id: row.id,
    org_id: row.orgId,
    name: row.name,
    slug: row.slug,
    description: row.description,
    is_default: row.isDefault,
  };
}

/** A space people can work in: neither archived nor being deleted (docs/server.md "Spaces lifecycle"). */
export const isActiveSpace = () => and(isNull(spaces.archivedAt), isNull(spaces.deletedAt));

/** Where a page of the active spaces starts: after this space in the list's order. */
interface SpacesAfter {
  isDefault: boolean;
  name: string;
  id: string;
}

function readSpacesCursor(cursor: string): SpacesAfter {
  const [isDefault, name, id] = decodeCursor(cursor, ['boolean', 'string', 'uuid'] as const);
  return { isDefault, name, id };
}

/**
 * The organisation's active spaces, default first, then by name (and id, so the order is total), a
 * page at a time: a cursor is the last listed space's key, and the next page starts strictly after it
 * (row comparison on (not is_default, name, id), the order's own key). Every signed-in client asks
 * for them on start and on each space switch, so both reads are prepared once per database handle (on
 * PostgreSQL parsed and planned once per connection). The organisation's rows are found through
 * spaces_org_slug_unique (org_id first) and sorted: one organisation's spaces.
 */
export function spaceLister(db: Db): (orgId: string, page: { limit: number; cursor?: string | undefined }) => Promise<{ data: SpaceContext[]; next_cursor: string | null }> {
  const inOrder = [desc(spaces.isDefault), asc(spaces.name), asc(spaces.id)] as const;
  const firstPage = db
    .select()
    .from(spaces)
    .where(and(eq(spaces.orgId, sql.placeholder('orgId')), isActiveSpace()))
    .orderBy(...inOrder)
    .limit(sql.placeholder('limit'))
    .prepare('spaces_of_org');
  const nextPage = db
    .select()
    .from(spaces)
    .where(
      and(
        eq(spaces.orgId, sql.placeholder('orgId')),
        isActiveSpace(),
        sql`(not ${spaces.isDefault}, ${spaces.name}, ${spaces.id}) > (not ${sql.placeholder('afterDefault')}::boolean, ${sql.placeholder('afterName')}::text, ${sql.placeholder('afterId')}::uuid)`,
      ),
    )
    .orderBy(...inOrder)
    .limit(sql.placeholder('limit'))
    .prepare('spaces_of_org_after');
  return async (orgId, { limit, cursor }) => {
    // One more than the page: whether there is a next page, without counting.
    const after = cursor === undefined ? undefined : readSpacesCursor(cursor);
    const rows = after
      ? await nextPage.execute({ orgId, limit: limit + 1, afterDefault: after.isDefault, afterName: after.name, afterId: after.id })
      : await firstPage.execute({ orgId, limit: limit + 1 });
    const page = pageOf(rows, limit, (row) => [row.isDefault, row.name, row.id]);
    return { data: page.rows.map(toSpace), next_cursor: page.next_cursor };
  };
}

/**
 * The space only if it belongs to `orgId` and is active: another organisation's space, an archived
 * one and one being deleted are all "not found", so a client still holding it moves elsewhere.
 */
export async function findSpaceInOrg(db: DbExecutor, orgId: string, spaceId: string): Promise<SpaceContext | undefined> {
  const [row] = await db
    .select()
    .from(spaces)
    .where(and(eq(spaces.id, spaceId), eq(spaces.orgId, orgId), isActiveSpace()))
    .limit(1);
  return row ? toSpace(row) : undefined;
}

export interface NewSpace {
  name: string;
  slug: string;
  description?: string | null;
  isDefault?: boolean;
}

export async function createSpace(db: DbExecutor, orgId: string, input: NewSpace): Promise<SpaceContext> {
  try {
    const [row] = await db
      .insert(spaces)
      .values({
        orgId,
        name: input.name,
        slug: input.slug,
        description: input.description ?? null,
        isDefault: input.isDefault ?? false,
      })
      .returning();
    if (!row) throw new Error('space insert returned no row');
    return toSpace(row);
  } catch (error) {
    if (isUniqueViolation(error, 'spaces_org_slug_unique')) throw conflict(MESSAGES.spaceSlugTaken);
    throw error;
  }
}

/** A space made by an owner or admin (POST /spaces/), audited with it in one transaction. */
export async function createSpaceAudited(db: Db, orgId: string, input: NewSpace, audit: AuditContext): Promise<SpaceContext> {
  return db.transaction(async (tx) => {
    const space = await createSpace(tx, orgId, input);
    await recordAudit(tx, {
      action: 'spaces.created',
      actor: audit.actor,
      orgId,
      target: { type: 'space', id: space.id },
      ipAddress: audit.ipAddress,
      details: { name: space.name, slug: space.slug },
    });
    return space;
  });
}
