// Which posts use which uploaded image, as cover or in the body (migration 0023, decision 063): kept by
// triggers on posts, so the library's "used by" and its refusal to delete a used image are index lookups.
// worker/db/schema.ts re-exports it, so drizzle-kit and every query see one schema.
import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';

export const postMedia = sqliteTable(
  'post_media',
  {
    postId: integer().notNull(),
    mediaKey: text().notNull(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.mediaKey] }), index('post_media_key_idx').on(t.mediaKey)],
);
