/**
 * Read-only share links of chats (docs/agents.md "Share links"). The link's token is random and
 * only its SHA-256 is kept, so a database leak reveals no working link; the owner sees it once,
 * when it is made. A link shows the chat as it was when it was made (messages up to `created_at`).
 */
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { chatSessions } from './agents';
import { users } from './users';
import { spaceOwnedColumns } from './space-owned';

export const chatShareLinks = pgTable(
  'chat_share_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...spaceOwnedColumns(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => chatSessions.id, { onDelete: 'cascade' }),
    /** SHA-256 (hex) of the token in the link. */
    tokenHash: text('token_hash').notNull(),
    /** The token's last characters, so people can tell their links apart in the list. */
    tokenHint: text('token_hint').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: uuid('revoked_by').references(() => users.id, { onDelete: 'set null' }),
    viewCount: integer('view_count').notNull().default(0),
    lastViewedAt: timestamp('last_viewed_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('chat_share_links_token_idx').on(table.tokenHash),
    index('chat_share_links_session_idx').on(table.sessionId).where(sql`${table.revokedAt} is null`),
  ],
);

export type ChatShareLinkRow = typeof chatShareLinks.$inferSelect;
