import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Fixed-window rate-limit counters shared by every server process (a counter in one process's
 * memory would let a client multiply its allowance by the number of processes). One row per
 * bucket (what is limited and for whom, e.g. `refresh:family:<id>`) and window start; old windows
 * are deleted by a periodic sweep.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    bucket: text('bucket').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    hits: integer('hits').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.bucket, table.windowStart] }), index('rate_limit_counters_window_idx').on(table.windowStart)],
);

/**
 * Who did what to what, when and from where. Append-only: the migration installs a trigger that
 * refuses UPDATE and DELETE. No foreign keys, so an entry outlives the account or organisation it
 * names (its email and role are copied in).
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    /** e.g. `credits.adjusted`, `auth.refresh_reuse`; see services/audit for the list. */
    action: text('action').notNull(),
    actorUserId: uuid('actor_user_id'),
    actorEmail: text('actor_email'),
    actorRole: text('actor_role'),
    /** The organisation the action concerns (null for platform-wide actions). */
    orgId: uuid('org_id'),
    targetType: text('target_type'),
    targetId: text('target_id'),
    ipAddress: text('ip_address'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
  },
  (table) => [
    index('audit_events_org_occurred_idx').on(table.orgId, table.occurredAt),
    index('audit_events_action_occurred_idx').on(table.action, table.occurredAt),
    index('audit_events_occurred_idx').on(table.occurredAt),
    // A person's own trail (the admin user drawer) and what was done to them.
    index('audit_events_actor_occurred_idx').on(table.actorUserId, table.occurredAt),
    index('audit_events_target_idx').on(table.targetId),
  ],
);

/**
 * Local-disk upload URLs are single use: a completed PUT records its token's nonce here, and a
 * second PUT with the same URL is refused. Rows past their URL's expiry are swept.
 */
export const consumedUploadTokens = pgTable(
  'consumed_upload_tokens',
  {
    nonce: text('nonce').primaryKey(),
    objectPath: text('object_path').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('consumed_upload_tokens_expires_idx').on(table.expiresAt)],
);
