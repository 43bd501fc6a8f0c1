// The media library (product.md §16, §19; decision 063): `GET /api/media` lists uploaded images (everyone's
// for `media.manage`, one's own otherwise), `PATCH /api/media/:key` sets an image's alt text, `DELETE` removes
// an image no post uses (409 with the posts that do).
import { z } from 'zod';
import { listPageSchema, PageParamSchema } from './lists';
import { CoverAltSchema } from './posts';
import { IsoDateSchema } from './post-responses';

export const MediaUsageSchema = z.object({ slug: z.string(), title: z.string() });
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
  /** The posts whose cover or body uses the image. */
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
