import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One row per installation: created at the first start, kept across restarts.
 * Lets an operator (and the health check) tell one installation's database from another's.
 */
export const appInstance = pgTable('app_instance', {
  id: text('id').primaryKey(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  lastStartedAt: timestamp('last_started_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
