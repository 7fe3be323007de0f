import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { joinRequestStatusEnum } from './enums';
import { organizations } from './organizations';
import { users } from './users';

/** A request to join an existing organisation, made at registration (choice join_existing). */
export const joinRequests = pgTable(
  'join_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    name: text('name').notNull(),
    // Hashed at request time so approval can create the account without asking again.
    passwordHash: text('password_hash').notNull(),
    status: joinRequestStatusEnum('status').notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    // One pending request per email at a time.
    uniqueIndex('join_requests_pending_email_unique')
      .on(sql`lower(${table.email})`)
      .where(sql`${table.status} = 'pending'`),
    index('join_requests_org_status_idx').on(table.orgId, table.status),
    // GET /orgs/join-requests: an organisation's pending requests a page at a time, oldest first.
    index('join_requests_pending_queue_idx').on(table.orgId, table.createdAt, table.id).where(sql`${table.status} = 'pending'`),
  ],
);
