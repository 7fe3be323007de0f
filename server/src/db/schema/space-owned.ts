import { uuid } from 'drizzle-orm/pg-core';
import { organizations } from './organizations';
import { spaces } from './spaces';

/**
 * The organisation and space a row belongs to (chats, runs, share links): removed with either.
 * Both are kept so that a query scoped to a space can also be checked against its organisation.
 */
export function spaceOwnedColumns() {
  return {
    orgId: uuid('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    spaceId: uuid('space_id')
      .notNull()
      .references(() => spaces.id, { onDelete: 'cascade' }),
  };
}
