// The newsletter's tables (migration 0027, decision 069); worker/db/schema.ts re-exports them, so drizzle-kit
// and every query see one schema.
import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { posts } from './schema';

// NOW_MS of schema.ts, repeated: this module is loaded while schema.ts is still being evaluated.
const NOW = sql`(unixepoch('subsec') * 1000)`;

export const subscribers = sqliteTable(
  'subscribers',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    email: text().notNull(),
    /** The address as compared: trimmed and lower-cased (contracts/newsletter.ts `emailKey`). */
    emailKey: text().notNull(),
    status: text({ enum: ['pending', 'active', 'unsubscribed'] }).notNull(),
    source: text({ enum: ['form', 'import'] }).notNull(),
    confirmTokenHash: text(),
    confirmExpiresAt: integer({ mode: 'timestamp_ms' }),
    createdAt: integer({ mode: 'timestamp_ms' }).notNull().default(NOW),
    confirmedAt: integer({ mode: 'timestamp_ms' }),
    unsubscribedAt: integer({ mode: 'timestamp_ms' }),
  },
  (t) => [
    uniqueIndex('subscribers_email_key_unique').on(t.emailKey),
    uniqueIndex('subscribers_confirm_token_hash_unique').on(t.confirmTokenHash),
    index('subscribers_status_email_idx').on(t.status, t.emailKey),
    index('subscribers_status_id_idx').on(t.status, t.id),
    index('subscribers_confirm_expires_idx').on(t.confirmExpiresAt),
  ],
);

export const newsletterSends = sqliteTable(
  'newsletter_sends',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    postId: integer()
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    createdAt: integer({ mode: 'timestamp_ms' }).notNull().default(NOW),
  },
  (t) => [uniqueIndex('newsletter_sends_post_unique').on(t.postId)],
);

export const newsletterDeliveries = sqliteTable(
  'newsletter_deliveries',
  {
    sendId: integer()
      .notNull()
      .references(() => newsletterSends.id, { onDelete: 'cascade' }),
    subscriberId: integer().notNull(),
    status: text({ enum: ['sending', 'sent', 'failed'] }).notNull(),
    createdAt: integer({ mode: 'timestamp_ms' }).notNull().default(NOW),
  },
  (t) => [primaryKey({ columns: [t.sendId, t.subscriberId] }), index('newsletter_deliveries_subscriber_idx').on(t.subscriberId)],
);
