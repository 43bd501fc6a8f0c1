// The tables of scheduled work and queued mail (migration 0021, decision 059); worker/db/schema.ts re-exports
// them, so drizzle-kit and every query see one schema.
import { sql } from 'drizzle-orm';
import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

// Mails the queue gave up on after its last attempt, listed for admins until dismissed: never the body,
// whose links carry tokens.
export const mailFailures = sqliteTable('mail_failures', {
  id: integer().primaryKey({ autoIncrement: true }),
  to: text().notNull(),
  subject: text().notNull(),
  error: text().notNull(),
  attempts: integer().notNull(),
  // NOW_MS of schema.ts, which this module cannot import (schema.ts re-exports it).
  createdAt: integer({ mode: 'timestamp_ms' }).notNull().default(sql`(unixepoch('subsec') * 1000)`),
});
