import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { inviteStatusEnum, roleEnum } from './enums';
import { organizations } from './organizations';
import { users } from './users';

/**
 * An owner's or admin's invitation of an email address into the organisation with a role
 * (spec 001: POST /orgs/invites {email, role}). Registering with that address joins the
 * organisation instead of creating a new one, while the invite is pending and not expired.
 */
export const orgInvites = pgTable(
  'org_invites',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: roleEnum('role').notNull(),
    status: inviteStatusEnum('status').notNull().default('pending'),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    /**
     * SHA-256 of the secret in the invite link mailed to the address. Only that link accepts the
     * invite (single use: cleared when accepted or revoked). Null for invites made before links.
     */
    tokenHash: text('token_hash'),
  },
  (table) => [
    // One pending invite per address and organisation; inviting again refreshes it.
    uniqueIndex('org_invites_pending_email_unique')
      .on(table.orgId, sql`lower(${table.email})`)
      .where(sql`${table.status} = 'pending'`),
    index('org_invites_email_idx').on(sql`lower(${table.email})`),
    uniqueIndex('org_invites_token_hash_unique').on(table.tokenHash),
  ],
);
