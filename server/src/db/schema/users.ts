import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { roleEnum } from './enums';
import { organizations } from './organizations';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // Stored as typed; uniqueness is on lower(email) so 'Ada@X.com' and 'ada@x.com' collide.
    email: text('email').notNull(),
    name: text('name').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: roleEnum('role').notNull(),
    // Null for platform admins, who belong to no organisation.
    orgId: uuid('org_id').references(() => organizations.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Suspended by a platform admin: refused at sign-in, on every request and at refresh. */
    disabled: boolean('disabled').notNull().default(false),
    /**
     * Set when a platform admin signs the account out everywhere (or suspends it): access tokens
     * issued before this moment are refused at once, not when they expire (plugins/auth.ts).
     */
    sessionsRevokedAt: timestamp('sessions_revoked_at', { withTimezone: true }),
    /**
     * The name and the address lower-cased, one line each, kept by PostgreSQL: the admin area's
     * people search matches `LIKE '%text%'` here, which is what `ILIKE` on each column does
     * (PostgreSQL lower-cases both sides) without lower-casing every account on every search.
     */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(sql`lower("name") || chr(10) || lower("email")`),
  },
  (table) => [
    uniqueIndex('users_email_lower_unique').on(sql`lower(${table.email})`),
    index('users_org_id_idx').on(table.orgId),
    // GET /orgs/members reads an organisation's people a page at a time in this order (owners,
    // admins, members, each by name): the page is a range of this index, not a sort of everyone.
    index('users_org_member_order_idx').on(
      table.orgId,
      sql`(case ${table.role} when 'org_owner' then 0 when 'org_admin' then 1 else 2 end)`,
      sql`lower(${table.name})`,
      table.email,
      table.id,
    ),
    // The admin area's people search (`LIKE '%text%'` on search_text): a trigram index (pg_trgm)
    // finds a part of a word without reading every account (docs/scale.md).
    index('users_search_text_trgm_idx').using('gin', sql`${table.searchText} gin_trgm_ops`),
  ],
);
