import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { planTypeEnum } from './enums';
import { organizations } from './organizations';
import { users } from './users';

/**
 * A payment started with a hosted checkout (Stripe Checkout): credits or a plan change wait here
 * until the provider's signed webhook says it was paid; only then does the ledger move.
 */
export const paymentCheckouts = pgTable(
  'payment_checkouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Space the purchase was made from (ledger rows carry it); kept as text so a deleted space does not block. */
    spaceId: uuid('space_id'),
    provider: text('provider').notNull(),
    /** The provider's id of the checkout (Stripe: the Checkout Session id). */
    providerRef: text('provider_ref').notNull(),
    /** `credits` or `plan`. */
    purpose: text('purpose').notNull(),
    credits: integer('credits').notNull().default(0),
    bonus: integer('bonus').notNull().default(0),
    planType: planTypeEnum('plan_type'),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('usd'),
    /** open → completed | expired | failed. */
    status: text('status').notNull().default('open'),
    idempotencyKey: text('idempotency_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('payment_checkouts_provider_ref_unique').on(table.provider, table.providerRef),
    uniqueIndex('payment_checkouts_org_idempotency_unique').on(table.orgId, table.idempotencyKey),
    index('payment_checkouts_org_created_idx').on(table.orgId, table.createdAt),
  ],
);

/** Webhook events already handled, so a redelivered event changes nothing. */
export const paymentEvents = pgTable('payment_events', {
  eventId: text('event_id').primaryKey(),
  provider: text('provider').notNull(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});
