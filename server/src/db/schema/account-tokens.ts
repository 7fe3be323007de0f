import { index, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

export const ACCOUNT_TOKEN_PURPOSES = ['password_reset', 'email_change'] as const;
export type AccountTokenPurpose = (typeof ACCOUNT_TOKEN_PURPOSES)[number];
export const accountTokenPurposeEnum = pgEnum('account_token_purpose', ACCOUNT_TOKEN_PURPOSES);

/**
 * Secrets mailed to a person to prove they read an inbox: a password reset link, or the link
 * confirming a new email address. Only the SHA-256 of the secret is kept (a leaked database resets
 * nothing); each works once (`used_at`) and until `expires_at`. Asking again replaces the earlier
 * unused one of the same purpose.
 */
export const accountTokens = pgTable(
  'account_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: accountTokenPurposeEnum('purpose').notNull(),
    tokenHash: text('token_hash').notNull().unique('account_tokens_token_hash_unique'),
    /** email_change: the address that becomes the account's once the link is used. */
    newEmail: text('new_email'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [index('account_tokens_user_purpose_idx').on(table.userId, table.purpose)],
);
