import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** One of the organisation's properties (brands, websites, products) as stored; see src/contract/organization.ts. */
export interface StoredOrgProperty {
  id: string;
  name: string;
  isDefault: boolean;
}

export const organizations = pgTable(
  'organizations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    // Lower-case domain of the founder's work email; null for public mail domains (gmail.com, ...).
    emailDomain: text('email_domain'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    // Replaced whole by PUT /settings/org, always read with the organisation: one column, not a table.
    properties: jsonb('properties').$type<StoredOrgProperty[]>().notNull().default(sql`'[]'::jsonb`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // Not unique: two organisations may share a domain; check-domain answers with the oldest.
  (table) => [index('organizations_email_domain_idx').on(table.emailDomain)],
);
