import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const organizations = pgTable(
  'organizations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    // Lower-case domain of the founder's work email; null for public mail domains (gmail.com, ...).
    emailDomain: text('email_domain'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // Not unique: two organisations may share a domain; check-domain answers with the oldest.
  (table) => [index('organizations_email_domain_idx').on(table.emailDomain)],
);
