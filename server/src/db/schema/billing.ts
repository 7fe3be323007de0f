import { boolean, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { planTypeEnum } from './enums';
import { organizations } from './organizations';

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

/** Credit balance of an organisation; 3000 is the default total (spec 001 §3). */
export const creditAccounts = pgTable('credit_accounts', {
  orgId: uuid('org_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  total: integer('total').notNull().default(3000),
  used: integer('used').notNull().default(0),
  resetDate: timestamp('reset_date', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
