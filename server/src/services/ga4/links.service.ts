/** Properties linked to a space (spec 001: Linked property). Any member of the space may link and unlink. */
import { and, asc, count, eq, sql } from 'drizzle-orm';
import {
  GA4_LINKED_PROPERTIES_LIMIT_CODE,
  GA4_LINKED_PROPERTIES_LIMIT_TEXT,
  GA4_LINKED_PROPERTIES_PER_SPACE_MAX,
  type Ga4LinkedProperty,
  type Ga4LinkPayload,
} from '../../../../src/contract/ga4';
import type { Db, DbExecutor } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import { ga4LinkedProperties } from '../../db/schema/index';
import { AppError, GA4_MESSAGES, conflict, notFound } from '../../errors';
import { isUuid } from '../../db/ids';
import { findOwnAccount } from './accounts.service';
import type { Ga4Caller, Ga4Context } from './ga4-context';
import { findAccountProperty } from './properties.service';

type LinkRow = typeof ga4LinkedProperties.$inferSelect;

const toWire = (row: LinkRow): Ga4LinkedProperty => ({
  id: row.id,
  ga4_property_id: row.ga4PropertyId,
  ga4_property_display_name: row.ga4PropertyDisplayName,
});

export async function listLinkedProperties(db: Db, spaceId: string): Promise<Ga4LinkedProperty[]> {
  const rows = await db
    .select()
    .from(ga4LinkedProperties)
    .where(eq(ga4LinkedProperties.spaceId, spaceId))
    .orderBy(asc(ga4LinkedProperties.createdAt), asc(ga4LinkedProperties.id))
    .limit(GA4_LINKED_PROPERTIES_PER_SPACE_MAX);
  return rows.map(toWire);
}

export async function findLinkedProperty(db: Db, spaceId: string, propertyId: string): Promise<LinkRow | undefined> {
  const [row] = await db
    .select()
    .from(ga4LinkedProperties)
    .where(and(eq(ga4LinkedProperties.spaceId, spaceId), eq(ga4LinkedProperties.ga4PropertyId, propertyId)));
  return row;
}

/**
 * Links one of the caller's own accounts' properties to the space. The account must be able to
 * read the property (asked of the source), so nobody links a property they cannot see.
 */
export async function linkProperty(ctx: Ga4Context, caller: Ga4Caller, spaceId: string, payload: Ga4LinkPayload): Promise<Ga4LinkedProperty> {
  const account = await findOwnAccount(ctx.db, caller, payload.google_oauth_account_id);
  if (await findLinkedProperty(ctx.db, spaceId, payload.ga4_property_id)) throw conflict(GA4_MESSAGES.alreadyLinked);
  // Said before asking the source (no wait for Google to learn the space is full); checked again below.
  await assertRoomToLink(ctx.db, spaceId);
  const property = await findAccountProperty(ctx, account, payload.ga4_property_id);
  if (!property) throw notFound(GA4_MESSAGES.propertyNotInAccount);
  try {
    return await ctx.db.transaction(async (tx) => {
      // Serialises links in one space, so two at once cannot both take the last place. The lock is
      // taken after the source answered: no row stays locked while Google is asked.
      await tx.execute(sql`SELECT id FROM spaces WHERE id = ${spaceId} FOR UPDATE`);
      await assertRoomToLink(tx, spaceId);
      const [row] = await tx
        .insert(ga4LinkedProperties)
        .values({
          spaceId,
          accountId: account.id,
          ga4PropertyId: payload.ga4_property_id,
          ga4PropertyDisplayName: payload.ga4_property_display_name,
          createdBy: caller.userId,
        })
        .returning();
      if (!row) throw new Error('linked property could not be stored');
      return toWire(row);
    });
  } catch (error) {
    // Two links of the same property at once: the unique index lets one win.
    if (isUniqueViolation(error)) throw conflict(GA4_MESSAGES.alreadyLinked);
    throw error;
  }
}

/** A space holds at most GA4_LINKED_PROPERTIES_PER_SPACE_MAX linked properties; one more is refused. */
async function assertRoomToLink(db: DbExecutor, spaceId: string): Promise<void> {
  const [linked] = await db.select({ value: count() }).from(ga4LinkedProperties).where(eq(ga4LinkedProperties.spaceId, spaceId));
  if ((linked?.value ?? 0) >= GA4_LINKED_PROPERTIES_PER_SPACE_MAX) throw new AppError(409, GA4_LINKED_PROPERTIES_LIMIT_TEXT, GA4_LINKED_PROPERTIES_LIMIT_CODE);
}

export async function unlinkProperty(db: Db, spaceId: string, linkId: string): Promise<void> {
  if (!isUuid(linkId)) throw notFound(GA4_MESSAGES.linkedPropertyNotFound);
  const deleted = await db
    .delete(ga4LinkedProperties)
    .where(and(eq(ga4LinkedProperties.id, linkId), eq(ga4LinkedProperties.spaceId, spaceId)))
    .returning({ id: ga4LinkedProperties.id });
  if (deleted.length === 0) throw notFound(GA4_MESSAGES.linkedPropertyNotFound);
}
