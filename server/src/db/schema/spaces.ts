import { sql } from 'drizzle-orm';
import { boolean, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { organizations } from './organizations';

export const spaces = pgTable(
  'spaces',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    description: text('description'),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    // Archived: hidden from the space list and refused as X-Space-Id until restored; nothing is removed.
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    // Deletion requested: refused everywhere at once; the 'space-delete' job removes files and rows.
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('spaces_org_slug_unique').on(table.orgId, table.slug),
    // At most one default space per organisation; registration creates it, so there is exactly one.
    uniqueIndex('spaces_one_default_per_org').on(table.orgId).where(sql`${table.isDefault}`),
  ],
);
