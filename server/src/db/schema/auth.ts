import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Rotating refresh tokens. Only a SHA-256 of the token is kept, so a database leak yields no
 * usable token. Tokens issued from one sign-in share a family: reuse of a rotated token revokes it.
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull().unique('refresh_tokens_token_hash_unique'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    // The token that replaced this one on rotation; set means "already used".
    replacedBy: uuid('replaced_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The device as it last refreshed (Settings lists signed-in devices); null for older rows. */
    userAgent: text('user_agent'),
    ipAddress: text('ip_address'),
  },
  (table) => [
    index('refresh_tokens_family_idx').on(table.familyId),
    index('refresh_tokens_user_idx').on(table.userId),
    // Active users over a period (the admin dashboard): every sign-in and refresh writes a row.
    index('refresh_tokens_created_user_idx').on(table.createdAt, table.userId),
  ],
);

/** Server-wide secrets generated once and shared by every process (e.g. the JWT key when unset). */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
