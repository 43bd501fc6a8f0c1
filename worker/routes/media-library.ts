// The media library's API (product.md §16, §19; decision 063): list uploaded images, set an image's alt
// text, delete an image nothing uses (and purge its stored copies from the edge: decision 067). Own images
// for everyone; everyone's with `media.manage`.
import { MediaAltSchema, MediaItemSchema, MediaKeyParamSchema, MediaListQuerySchema, MediaListSchema } from '../../contracts/media-library';
import { apiRoute, ApiRouter } from '../lib/api-router';
import { contentTypeOfKey } from '../lib/image-sniff';
import { purgeMediaVariants } from '../lib/media-variant-cache';
import { signedInUser } from '../lib/permissions';
import { requireUser } from '../middleware/require-user';
import { changeMediaAlt, deleteMedia, readMediaLibrary } from '../services/media-library';

const NO_SUCH_IMAGE = 'No such image, or another person’s without `media.manage`: `not_found`';

const mediaListRoute = apiRoute({
  method: 'get',
  path: '/media',
  summary: 'The media library, newest first: one’s own images, or everyone’s (filter by `uploader`) with `media.manage`',
  description: 'Each image with its size in pixels, alt text, uploader and the posts whose cover or body use it.',
  tags: ['media'],
  access: 'user',
  query: MediaListQuerySchema,
  responses: { 200: MediaListSchema },
});

const mediaAltRoute = apiRoute({
  method: 'patch',
  path: '/media/:key',
  summary: 'Set an image’s alt text (offered when it is inserted into a post)',
  tags: ['media'],
  access: 'user',
  params: MediaKeyParamSchema,
  json: MediaAltSchema,
  responses: { 200: MediaItemSchema },
  errors: { 404: NO_SUCH_IMAGE },
});

const mediaDeleteRoute = apiRoute({
  method: 'delete',
  path: '/media/:key',
  summary: 'Delete an image that nothing uses (no post, page, site logo or icon)',
  tags: ['media'],
  access: 'user',
  params: MediaKeyParamSchema,
  responses: { 204: null },
  errors: { 404: NO_SUCH_IMAGE, 409: 'A post, page or the site logo or icon uses it: `conflict`, the message names them and `fields.usedBy` lists their slugs (or "Site logo", "Site icon"); nothing changed' },
});

/** Mounted at /api. */
export const mediaLibraryRoutes = new ApiRouter()
  .guard(['/media', '/media/*'], requireUser, ['GET', 'PATCH', 'DELETE'])
  .endpoint(mediaListRoute, async (c) => c.json(await readMediaLibrary(c.var.db, c.env.MEDIA, signedInUser(c), c.req.valid('query'))))
  .endpoint(mediaAltRoute, async (c) =>
    c.json(await changeMediaAlt(c.var.db, c.env.MEDIA, signedInUser(c), c.req.valid('param').key, c.req.valid('json').alt)),
  )
  .endpoint(mediaDeleteRoute, async (c) => {
    const { key } = c.req.valid('param');
    await deleteMedia(c.var.db, c.env.MEDIA, signedInUser(c), key);
    await purgeMediaVariants(c, key, contentTypeOfKey(key) ?? '');
    return c.body(null, 204);
  });
