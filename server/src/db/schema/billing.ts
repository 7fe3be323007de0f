import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { planTypeEnum } from './enums';
import { organizations } from './organizations';
import { spaces } from './spaces';
import { users } from './users';

/** One current plan per organisation. */
export const plans = pgTable('plans', {
  id: uuid('id').primaryKey().defaultRandom(),
  orgId: uuid('org_id')
    .notNull()
    .unique('plans_org_id_unique')
    .references(() => organizations.id, { onDelete: 'cascade' }),
  type: planTypeEnum('type').notNull().default('free'),
  name: text('name').notNull(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  // Null for plans that do not end (paid plans renewed by billing).
  expiresAt: timestamp('expires_at', { withTimezone: true }),
  isActive: boolean('is_active').notNull().default(true),
});

/**
 * Credit balance of an organisation; 3000 is the default total (spec 001 §3). `used` and `total`
 * describe the current cycle; the ledger below is the source of truth and this row changes only
 * in the same database transaction as a ledger row. The checks are a last line of defence: the
 * services already refuse anything that would break them.
 */
export const creditAccounts = pgTable(
  'credit_accounts',
  {
    orgId: uuid('org_id')
      .primaryKey()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    total: integer('total').notNull().default(3000),
    used: integer('used').notNull().default(0),
    resetDate: timestamp('reset_date', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('credit_accounts_used_not_negative', sql`${table.used} >= 0`),
    check('credit_accounts_not_overdrawn', sql`${table.used} <= ${table.total}`),
  ],
);

/**
 * Kinds of ledger rows: `debit` spends, `refund` gives a debit back, `purchase` is bought credits,
 * `grant` is credits that come with a plan (trial, upgrade, monthly renewal), `credit` is a manual
 * addition by an owner or admin.
 */
export const CREDIT_TRANSACTION_TYPES = ['debit', 'credit', 'refund', 'purchase', 'grant'] as const;
export type CreditTransactionType = (typeof CREDIT_TRANSACTION_TYPES)[number];
export const creditTransactionTypeEnum = pgEnum('credit_transaction_type', CREDIT_TRANSACTION_TYPES);

/** `refunded` marks a debit whose credits were given back (the refund is its own row). */
export const CREDIT_TRANSACTION_STATUSES = ['completed', 'refunded'] as const;
export type CreditTransactionStatus = (typeof CREDIT_TRANSACTION_STATUSES)[number];
export const creditTransactionStatusEnum = pgEnum('credit_transaction_status', CREDIT_TRANSACTION_STATUSES);

/**
 * The credits ledger (spec 001 §3 credit transaction). Rows are never deleted; `credits` is the
 * size of the movement and `transaction_type` its direction. `balance_after` is the remaining
 * balance right after the row was written, so an audit can replay the history.
 */
export const creditTransactions = pgTable(
  'credit_transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    // Null for rows made outside any space (the registration grant); kept when a space is deleted.
    spaceId: uuid('space_id').references(() => spaces.id, { onDelete: 'set null' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    transactionType: creditTransactionTypeEnum('transaction_type').notNull(),
    credits: integer('credits').notNull(),
    // Credits before the mode multiplier (chat) or before the bonus (purchase).
    baseCredits: integer('base_credits'),
    feature: text('feature').notNull(),
    activity: text('activity'),
    activityDetails: text('activity_details'),
    agentName: text('agent_name'),
    mode: text('mode'),
    status: creditTransactionStatusEnum('status').notNull().default('completed'),
    relatedType: text('related_type'),
    relatedId: text('related_id'),
    idempotencyKey: text('idempotency_key'),
    // The debit a refund gives back; unique, so a debit is refunded at most once.
    refundOf: uuid('refund_of').references((): AnyPgColumn => creditTransactions.id, { onDelete: 'cascade' }),
    balanceAfter: integer('balance_after').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('credit_transactions_credits_not_negative', sql`${table.credits} >= 0`),
    uniqueIndex('credit_transactions_org_idempotency_key_unique').on(table.orgId, table.idempotencyKey),
    uniqueIndex('credit_transactions_refund_of_unique').on(table.refundOf),
    index('credit_transactions_org_created_idx').on(table.orgId, table.createdAt),
    index('credit_transactions_org_feature_idx').on(table.orgId, table.feature),
  ],
);
