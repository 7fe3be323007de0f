import { and, asc, desc, eq } from 'drizzle-orm';
import type { Space } from '../../../src/contract/spaces';
import type { DbExecutor } from '../db/database';
import { isUniqueViolation } from '../db/errors';
import { spaces } from '../db/schema/index';
import { MESSAGES, conflict } from '../errors';

/** Slugs: only lower-case letters, digits and hyphens — the same rule the create form applies (spec 000 §5). */
export const SPACE_SLUG_PATTERN = /^[a-z0-9-]+$/;
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

/** Default space first, then by name. */
export async function listSpaces(db: DbExecutor, orgId: string): Promise<SpaceContext[]> {
  const rows = await db
    .select()
    .from(spaces)
    .where(eq(spaces.orgId, orgId))
    .orderBy(desc(spaces.isDefault), asc(spaces.name), asc(spaces.createdAt));
  return rows.map(toSpace);
}

/** The space only if it belongs to `orgId`: another organisation's space is "not found". */
export async function findSpaceInOrg(db: DbExecutor, orgId: string, spaceId: string): Promise<SpaceContext | undefined> {
  const [row] = await db
    .select()
    .from(spaces)
    .where(and(eq(spaces.id, spaceId), eq(spaces.orgId, orgId)))
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
