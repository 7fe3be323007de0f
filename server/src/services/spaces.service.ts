import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Space } from '../../../src/contract/spaces';
import type { Db, DbExecutor } from '../db/database';
import { isUniqueViolation } from '../db/errors';
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

/**
 * The organisation's active spaces, default first, then by name. Every signed-in client asks for them on
 * start and on each space switch, so the query is prepared once per database handle (on
 * PostgreSQL parsed and planned once per connection).
 */
export function spaceLister(db: Db): (orgId: string) => Promise<SpaceContext[]> {
  const spacesOfOrg = db
    .select()
    .from(spaces)
    .where(and(eq(spaces.orgId, sql.placeholder('orgId')), isActiveSpace()))
    .orderBy(desc(spaces.isDefault), asc(spaces.name), asc(spaces.createdAt))
    .prepare('spaces_of_org');
  return async (orgId) => (await spacesOfOrg.execute({ orgId })).map(toSpace);
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
