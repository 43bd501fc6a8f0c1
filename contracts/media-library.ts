// The media library (product.md §16, §19; decision 063): `GET /api/media` lists uploaded images (everyone's
// for `media.manage`, one's own otherwise), `PATCH /api/media/:key` sets an image's alt text, `DELETE` removes
// an image nothing uses (409 naming the posts, pages and settings that do; decision 067).
import { z } from 'zod';
import { listPageSchema, PageParamSchema } from './lists';
import { CoverAltSchema } from './posts';
import { IsoDateSchema } from './post-responses';

/** What uses an image: a post or a standalone page (its slug and title), or the site's settings (slug '', title "Site logo" or "Site icon"). */
export const MEDIA_USAGE_KINDS = ['post', 'page', 'settings'] as const;
export const MediaUsageSchema = z.object({ slug: z.string(), title: z.string(), kind: z.enum(MEDIA_USAGE_KINDS) });
export type MediaUsage = z.infer<typeof MediaUsageSchema>;

export const MediaItemSchema = z.object({
  key: z.string(),
  /** `/media/<key>`: usable as a cover or in a body as it is. */
  url: z.string(),
  contentType: z.string(),
  size: z.number().int().min(0),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  alt: z.string(),
  createdAt: IsoDateSchema,
  uploader: z.object({ username: z.string() }),
  /** Everything that uses the image: posts (body, cover, social image), pages (body, social image), the site logo and icon. */
  usedBy: z.array(MediaUsageSchema),
});
export type MediaItem = z.infer<typeof MediaItemSchema>;
export const MediaListSchema = listPageSchema(MediaItemSchema);

/** `?page=&uploader=`: `uploader` a username; without `media.manage` only one's own images are listed whatever it says. */
export const MediaListQuerySchema = z.object({
  page: PageParamSchema,
  uploader: z.string().trim().min(1).max(64).optional(),
});
export type MediaListQuery = z.output<typeof MediaListQuerySchema>;

/** A stored image's key: 32 hex digits and an image extension (any other names nothing). */
export const MediaKeyParamSchema = z.object({ key: z.string().regex(/^[0-9a-f]{32}\.[a-z]{3,4}$/, 'Not a media key') });

/** The same rule as a cover's alt text: the library's alt is what inserting the image offers. */
export const MediaAltSchema = z.object({ alt: CoverAltSchema });
