import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ga4ProviderEnum } from './enums';
import { organizations } from './organizations';
import { spaces } from './spaces';
import { users } from './users';

/**
 * A Google account a user connected for Google Analytics 4 (spec 001: GA4 account). Tokens are
 * stored encrypted; `provider` 'demo' is the embedded analytics source used when no Google OAuth
 * client is configured, so a fresh machine has a working dashboard.
 */
export const ga4Accounts = pgTable(
  'ga4_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: ga4ProviderEnum('provider').notNull(),
    email: text('email').notNull(),
    googleUserId: text('google_user_id').notNull(),
    /** Space-separated OAuth scopes granted. */
    scopes: text('scopes').notNull(),
    accessTokenEncrypted: text('access_token_encrypted'),
    refreshTokenEncrypted: text('refresh_token_encrypted'),
    tokenExpiresAt: timestamp('token_expires_at', { withTimezone: true }),
    /** The last token or permission error code (spec 001 §8 analytics codes); null when healthy. */
    authError: text('auth_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('ga4_accounts_user_google_unique').on(table.userId, table.googleUserId),
    index('ga4_accounts_org_idx').on(table.orgId),
  ],
);

/** A GA4 property linked to a space (spec 001: Linked property). */
export const ga4LinkedProperties = pgTable(
  'ga4_linked_properties',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    spaceId: uuid('space_id')
      .notNull()
      .references(() => spaces.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => ga4Accounts.id, { onDelete: 'cascade' }),
    ga4PropertyId: text('ga4_property_id').notNull(),
    ga4PropertyDisplayName: text('ga4_property_display_name').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('ga4_linked_properties_space_property_unique').on(table.spaceId, table.ga4PropertyId)],
);
