// `/api/admin/import/*` and `/api/admin/export` (contracts/import.ts, docs/decisions/024): behind the
// `importExport` guard mounted once in routes/admin/index.ts. The browser or the CLI parses the file and sends it in batches.
import { createMiddleware } from 'hono/factory';
import { z } from 'zod';
import { IMPORT_POSTS_MAX_PER_BATCH, ImportBatchSchema, ImportImagesSchema, MEDIA_KEY_PATTERN, type ImportBatchReport, type ImportImagesResponse } from '../../../contracts/import';
import { BylineExportSchema, ExportImageStoredSchema, ImportBatchReportSchema, ImportImagesResponseSchema } from '../../../contracts/import-responses';
import { fileField, MAX_IMAGE_BYTES, MAX_IMAGE_TEXT } from '../../../contracts/media';
import type { AppEnv } from '../../env';
import { apiRoute, ApiRouter } from '../../lib/api-router';
import { HttpError, validationFailed } from '../../lib/http-error';
import { imageTooLarge } from '../../lib/image-limit';
import { signedInUser } from '../../lib/permissions';
import { requireMultipart } from '../../middleware/require-multipart';
import { buildExport } from '../../services/export';
import { importBatch } from '../../services/import';
import { copyImage, storeExportImage } from '../../services/import-images';

// More posts than a batch may carry is a request too large, not a field error (413 before validation).
const refuseOversizedBatch = createMiddleware<AppEnv>(async (c, next) => {
  const body = (await c.req.raw.clone().json().catch(() => null)) as { posts?: unknown } | null;
  if (body && Array.isArray(body.posts) && body.posts.length > IMPORT_POSTS_MAX_PER_BATCH) {
    throw new HttpError(413, 'payload_too_large', `A batch may carry at most ${IMPORT_POSTS_MAX_PER_BATCH} posts`);
  }
  await next();
});

const batchRoute = apiRoute({
  method: 'post',
  path: '/batch',
  summary: 'Import one batch of users, categories, tags, posts and featured slugs, through the write services',
  tags: ['import'],
  access: 'admin',
  middleware: [refuseOversizedBatch],
  json: ImportBatchSchema,
  responses: { 200: ImportBatchReportSchema },
  errors: { 413: `Over the body limit, or more than ${IMPORT_POSTS_MAX_PER_BATCH} posts: \`payload_too_large\`` },
});

const imagesRoute = apiRoute({
  method: 'post',
  path: '/images',
  summary: `Copy images at these http(s) addresses into media (each at most ${MAX_IMAGE_TEXT})`,
  tags: ['import'],
  access: 'admin',
  json: ImportImagesSchema,
  responses: { 200: ImportImagesResponseSchema },
});

const mediaFileRoute = apiRoute({
  method: 'post',
  path: '/media-file',
  summary: 'Store an image of a Byline export under its own key (201; 200 when the key is already there)',
  tags: ['import'],
  access: 'admin',
  middleware: [requireMultipart('Send the image as multipart/form-data')],
  form: z.object({ key: z.string().regex(MEDIA_KEY_PATTERN, 'Not a media key'), owner: z.string().max(64), file: fileField('Attach the image in the field "file"') }),
  responses: { 200: ExportImageStoredSchema, 201: ExportImageStoredSchema },
  errors: { 413: `The image is over ${MAX_IMAGE_TEXT}: \`payload_too_large\`` },
});

const exportRoute = apiRoute({
  method: 'get',
  path: '/',
  summary: 'Everything but password hashes and sessions, as a Byline export file',
  tags: ['import'],
  access: 'admin',
  responses: { 200: BylineExportSchema },
});

/** Mounted at /api/admin/import. */
export const adminImportRoutes = new ApiRouter()
  .endpoint(
    batchRoute,
    async (c) => c.json<ImportBatchReport>(await importBatch(c.var.db, c.req.valid('json'), Date.now(), signedInUser(c))),
  )
  .endpoint(imagesRoute, async (c) => {
    const admin = signedInUser(c);
    const urls = [...new Set(c.req.valid('json').urls)];
    const items = await Promise.all(urls.map((url) => copyImage(c.var.db, c.env.MEDIA, admin, url)));
    return c.json<ImportImagesResponse>({ items });
  })
  .endpoint(
    mediaFileRoute,
    async (c) => {
      const admin = signedInUser(c);
      const { key, owner, file } = c.req.valid('form');
      if (file.size > MAX_IMAGE_BYTES) throw imageTooLarge();
      const stored = await storeExportImage(c.var.db, c.env.MEDIA, admin, { key, owner, bytes: new Uint8Array(await file.arrayBuffer()) });
      if (!stored) throw validationFailed({ file: 'Not the image its key names' });
      return c.json(stored, stored.copied ? 201 : 200);
    },
  );

/** Mounted at /api/admin/export. */
export const adminExportRoutes = new ApiRouter().endpoint(exportRoute, async (c) => {
  c.header('Content-Disposition', 'attachment; filename="byline-export.json"');
  return c.json(await buildExport(c.var.db, Date.now()));
});
