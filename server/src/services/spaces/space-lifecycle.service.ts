/**
 * Renaming, describing, archiving, restoring and deleting spaces (docs/server.md "Spaces
 * lifecycle"). Owners and admins only (the routes check the role; these functions scope every
 * query to the caller's organisation). Each change is audited in its own transaction.
 */
import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Role } from '../../../../src/contract/auth';
import type { ArchivedSpace, ArchivedSpacePage } from '../../../../src/contract/spaces';
import type { Db, DbExecutor } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import { isUuid } from '../../db/ids';
import { decodeCursor, pageOf } from '../../db/keyset-cursor';
import { spaces } from '../../db/schema/index';
import { AppError, MESSAGES, conflict, notFound } from '../../errors';
import { recordOrganisationAudit, type AuditAction } from '../audit/audit.service';
import { toSpace, type SpaceContext } from '../spaces.service';

export interface SpaceManager {
  userId: string;
  email: string;
  role: Role;
  orgId: string;
  ipAddress: string | null;
}

type SpaceRow = typeof spaces.$inferSelect;

/** The organisation's space, archived or not; one being deleted (or another organisation's) is not found. */
async function lockSpace(tx: DbExecutor, manager: SpaceManager, spaceId: string): Promise<SpaceRow> {
  if (!isUuid(spaceId)) throw notFound(MESSAGES.spaceNotFound);
  const [row] = await tx
    .select()
    .from(spaces)
    .where(and(eq(spaces.id, spaceId), eq(spaces.orgId, manager.orgId), isNull(spaces.deletedAt)))
    .for('update');
  if (!row) throw notFound(MESSAGES.spaceNotFound);
  return row;
}

function audit(tx: DbExecutor, manager: SpaceManager, action: AuditAction, row: SpaceRow, details: Record<string, unknown> = {}) {
  return recordOrganisationAudit(tx, manager, {
    action,
    target: { type: 'space', id: row.id },
    ipAddress: manager.ipAddress,
    details: { name: row.name, ...details },
  });
}

export function toArchivedSpace(row: SpaceRow): ArchivedSpace {
  const { org_id: _org, ...space } = toSpace(row);
  return { ...space, archived_at: (row.archivedAt ?? new Date()).toISOString() };
}

function readArchivedCursor(cursor: string): { name: string; id: string } {
  const [name, id] = decodeCursor(cursor, ['string', 'uuid'] as const);
  return { name, id };
}

/**
 * The organisation's archived spaces by name (and id: a total order), a page at a time; the next
 * page starts strictly after the last listed space's (name, id).
 */
export async function listArchivedSpaces(db: DbExecutor, orgId: string, page: { limit: number; cursor?: string | undefined }): Promise<ArchivedSpacePage> {
  const after = page.cursor === undefined ? undefined : readArchivedCursor(page.cursor);
  const rows = await db
    .select()
    .from(spaces)
    .where(
      and(
        eq(spaces.orgId, orgId),
        isNotNull(spaces.archivedAt),
        isNull(spaces.deletedAt),
        after ? sql`(${spaces.name}, ${spaces.id}) > (${after.name}::text, ${after.id}::uuid)` : undefined,
      ),
    )
    .orderBy(asc(spaces.name), asc(spaces.id))
    .limit(page.limit + 1);
  const listed = pageOf(rows, page.limit, (row) => [row.name, row.id]);
  return { data: listed.rows.map(toArchivedSpace), next_cursor: listed.next_cursor };
}

export interface SpaceEdit {
  name?: string | undefined;
  description?: string | null | undefined;
}

/** Name and description; the slug stays (it is in people's links). */
export async function updateSpace(db: Db, manager: SpaceManager, spaceId: string, edit: SpaceEdit): Promise<SpaceContext> {
  return db.transaction(async (tx) => {
    const current = await lockSpace(tx, manager, spaceId);
    const [row] = await tx
      .update(spaces)
      .set({
        ...(edit.name !== undefined ? { name: edit.name } : {}),
        ...(edit.description !== undefined ? { description: edit.description } : {}),
      })
      .where(eq(spaces.id, current.id))
      .returning();
    if (!row) throw notFound(MESSAGES.spaceNotFound);
    await audit(tx, manager, 'spaces.updated', row, current.name !== row.name ? { previousName: current.name } : {});
    return toSpace(row);
  });
}

/** Archives (hidden, refused as X-Space-Id, kept whole) or restores a space. The default space stays active. */
export async function setSpaceArchived(db: Db, manager: SpaceManager, spaceId: string, archived: boolean): Promise<SpaceContext> {
  return db.transaction(async (tx) => {
    const current = await lockSpace(tx, manager, spaceId);
    if (archived && current.isDefault) throw conflict(MESSAGES.defaultSpaceCannotBeArchived);
    if (Boolean(current.archivedAt) === archived) return toSpace(current);
    const [row] = await tx
      .update(spaces)
      .set({ archivedAt: archived ? new Date() : null })
      .where(eq(spaces.id, current.id))
      .returning();
    if (!row) throw notFound(MESSAGES.spaceNotFound);
    await audit(tx, manager, archived ? 'spaces.archived' : 'spaces.restored', row);
    return toSpace(row);
  });
}

/**
 * Marks the space deleted: from this commit on it is gone from every list and refused as
 * X-Space-Id; its slug is freed for a new space. The caller enqueues the job that removes its
 * files and rows. `confirmName` must be the space's name as shown (typed confirmation).
 */
export async function markSpaceDeleted(db: Db, manager: SpaceManager, spaceId: string, confirmName: string): Promise<SpaceRow> {
  try {
    return await db.transaction(async (tx) => {
      const current = await lockSpace(tx, manager, spaceId);
      if (current.isDefault) throw conflict(MESSAGES.defaultSpaceCannotBeDeleted);
      if (confirmName.trim() !== current.name) {
        throw new AppError(422, MESSAGES.validation, 'VALIDATION_ERROR', [
          { field: 'confirm_name', message: MESSAGES.spaceDeleteConfirmMismatch(current.name) },
        ]);
      }
      const [row] = await tx
        .update(spaces)
        .set({ deletedAt: new Date(), slug: `deleted-${current.id}` })
        .where(eq(spaces.id, current.id))
        .returning();
      if (!row) throw notFound(MESSAGES.spaceNotFound);
      await audit(tx, manager, 'spaces.deleted', current, { slug: current.slug });
      return row;
    });
  } catch (error) {
    if (isUniqueViolation(error, 'spaces_org_slug_unique')) throw conflict(MESSAGES.spaceSlugTaken);
    throw error;
  }
}
