// What uses which uploaded image (migration 0024, decision 067; migration 0023's post_media before it): a
// post (body, cover, social image), a standalone page (body, social image), the site's logo or icon. Kept by
// triggers on posts, pages and settings, so the library's "used by" and its refusal to delete a used image
// are lookups of media_uses_key_idx. worker/db/schema.ts re-exports it, so drizzle-kit and every query see one schema.
import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/** `post` and `page`: owner_id is their id; `logo` and `icon`: the settings row's id. */
export const MEDIA_USE_KINDS = ['post', 'page', 'logo', 'icon'] as const;

export const mediaUses = sqliteTable(
  'media_uses',
  {
    kind: text({ enum: MEDIA_USE_KINDS }).notNull(),
    ownerId: integer().notNull(),
    mediaKey: text().notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.ownerId, t.mediaKey] }), index('media_uses_key_idx').on(t.mediaKey)],
);
