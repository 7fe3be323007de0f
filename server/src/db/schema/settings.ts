import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organizations } from './organizations';
import { users } from './users';

/** The organisation's brand voice (spec 001 §3: content, updatedAt, createdBy): one text per organisation. */
export const brandVoices = pgTable('brand_voices', {
  orgId: uuid('org_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  content: text('content').notNull(),
  // Who last saved it; kept when that account is removed so the text stays.
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
