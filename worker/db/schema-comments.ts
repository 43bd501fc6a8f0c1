// Readers' comments (migration 0026, decision 068): one row per comment, with one level of replies (`parentId`
// names a top-level comment). worker/db/schema.ts re-exports it, so drizzle-kit and every query see one schema.
// posts.comment_count (the approved ones) and the edge cache's generation are kept by triggers on this table.
import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, type AnySQLiteColumn } from 'drizzle-orm/sqlite-core';
import { COMMENT_STATUSES } from '../../contracts/comments';
// A cycle schema.ts closes with its re-export: the references are read lazily, after both modules ran.
import { posts, users } from './schema';

// NOW_MS of schema.ts, which cannot be read while the cycle above is evaluated.
const NOW = sql`(unixepoch('subsec') * 1000)`;

export const comments = sqliteTable(
  'comments',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    postId: integer()
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    parentId: integer().references((): AnySQLiteColumn => comments.id, { onDelete: 'cascade' }),
    /** The signed-in commenter, or null for a visitor (or an account since deleted). */
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    name: text().notNull(),
    /** Never shown to readers; moderators see it. */
    email: text().notNull(),
    /** The email as one person's (contracts/comments.ts `commentEmailKey`): whether it has an approved comment. */
    emailKey: text().notNull(),
    body: text().notNull(),
    /** Rendered at write time by worker/lib/markdown.ts's comment rules: inert HTML. */
    bodyHtml: text().notNull(),
    status: text({ enum: COMMENT_STATUSES }).notNull().default('pending'),
    createdAt: integer({ mode: 'timestamp_ms' }).notNull().default(NOW),
    updatedAt: integer({ mode: 'timestamp_ms' }).notNull().default(NOW),
  },
  (t) => [
    index('comments_post_status_idx').on(t.postId, t.status, t.id),
    index('comments_status_idx').on(t.status, t.id),
    index('comments_email_status_idx').on(t.emailKey, t.status),
    index('comments_parent_idx').on(t.parentId),
    index('comments_user_idx').on(t.userId),
  ],
);
