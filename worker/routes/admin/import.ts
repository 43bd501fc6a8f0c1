// `/api/admin/import/*` and `/api/admin/export` (contracts/import.ts, docs/decisions/024): behind the
// admin guard mounted once in app.ts. The browser or the CLI parses the file and sends it in batches.
import { Hono } from 'hono';
import { z } from 'zod';
import { IMPORT_POSTS_MAX_PER_BATCH, ImportBatchSchema, ImportImagesSchema, MEDIA_KEY_PATTERN, type ImportBatchReport, type ImportImagesResponse } from '../../../contracts/import';
import { MAX_IMAGE_BYTES } from '../../../contracts/media';
import type { AppEnv } from '../../env';
import { HttpError, validationFailed } from '../../lib/http-error';
import { signedInUser } from '../../lib/permissions';
import { validate } from '../../lib/validate';
import { buildExport } from '../../services/export';
import { importBatch } from '../../services/import';
import { copyImage, storeExportImage } from '../../services/import-images';

/** Mounted at /api/admin/import. */
export const adminImportRoutes = new Hono<AppEnv>()
  .post(
    '/batch',
    async (c, next) => {
      // More posts than a batch may carry is a request too large, not a field error (413 before validation).
      const body = (await c.req.raw.clone().json().catch(() => null)) as { posts?: unknown } | null;
      if (body && Array.isArray(body.posts) && body.posts.length > IMPORT_POSTS_MAX_PER_BATCH) {
        throw new HttpError(413, 'payload_too_large', `A batch may carry at most ${IMPORT_POSTS_MAX_PER_BATCH} posts`);
      }
      await next();
    },
    validate('json', ImportBatchSchema),
    async (c) => c.json<ImportBatchReport>(await importBatch(c.var.db, c.req.valid('json'), Date.now(), signedInUser(c))),
  )
  .post('/images', validate('json', ImportImagesSchema), async (c) => {
    const admin = signedInUser(c);
    const urls = [...new Set(c.req.valid('json').urls)];
    const items = await Promise.all(urls.map((url) => copyImage(c.var.db, c.env.MEDIA, admin, url)));
    return c.json<ImportImagesResponse>({ items });
  })
  .post(
    '/media-file',
    async (c, next) => {
      const type = (c.req.header('content-type') ?? '').split(';')[0]?.trim().toLowerCase();
      if (type !== 'multipart/form-data') throw new HttpError(415, 'unsupported_media_type', 'Send the image as multipart/form-data');
      await next();
    },
    validate('form', z.object({ key: z.string().regex(MEDIA_KEY_PATTERN, 'Not a media key'), owner: z.string().max(64), file: z.instanceof(File, { error: 'Attach the image in the field "file"' }) })),
    async (c) => {
      const admin = signedInUser(c);
      const { key, owner, file } = c.req.valid('form');
      if (file.size > MAX_IMAGE_BYTES) throw new HttpError(413, 'payload_too_large', 'Images may be at most 5 MB');
      const stored = await storeExportImage(c.var.db, c.env.MEDIA, admin, { key, owner, bytes: new Uint8Array(await file.arrayBuffer()) });
      if (!stored) throw validationFailed({ file: 'Not the image its key names' });
      return c.json(stored, stored.copied ? 201 : 200);
    },
  );

/** Mounted at /api/admin/export. */
export const adminExportRoutes = new Hono<AppEnv>().get('/', async (c) => {
  c.header('Content-Disposition', 'attachment; filename="byline-export.json"');
  return c.json(await buildExport(c.var.db, Date.now()));
});
