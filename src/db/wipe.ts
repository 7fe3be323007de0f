/** Dropping saved data when it no longer belongs on screen (docs/pwa.md "The first session, start-up and the end of a session"). */
import { dropDraftCopiesOf } from './draft-copies';
import { db, SPACE_SCOPED_TABLES } from './mosaic-db';

/**
 * Removes every row of one space (on a space switch, for the space being left). Other spaces'
 * rows and facts that belong to no space stay. One transaction: all or nothing.
 */
export async function wipeSpace(spaceId: string): Promise<void> {
  const tables = SPACE_SCOPED_TABLES.map((name) => db.table(name));
  await db.transaction('rw', tables, async () => {
    await Promise.all(tables.map((table) => table.where('spaceId').equals(spaceId).delete()));
  });
  dropDraftCopiesOf(spaceId);
}

/** Empties every table (logout and session expiry: nothing of the user may remain). */
export async function wipeAll(): Promise<void> {
  await db.transaction('rw', db.tables, async () => {
    await Promise.all(db.tables.map((table) => table.clear()));
  });
}
