import { pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * What one person chose for themselves and wants on every device they sign in from. One row per
 * user, written on the first choice; no row means every default.
 */
export const userPreferences = pgTable('user_preferences', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** When they closed the Dashboard's "Get started" checklist; null while it is shown. */
  checklistDismissedAt: timestamp('checklist_dismissed_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
