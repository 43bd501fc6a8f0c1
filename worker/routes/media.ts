// Image uploads into the MEDIA bucket, checked by their bytes, and serving them back.
import { Hono } from 'hono';
import { z } from 'zod';
import { MAX_IMAGE_BYTES, MAX_IMAGE_TEXT, MediaUploadSchema, type MediaUploadResponse } from '../../contracts/media';
import { MediaUploadResponseSchema } from '../../contracts/post-responses';
import type { AppEnv } from '../env';
import { apiRoute, ApiRouter } from '../lib/api-router';
import { HttpError, validationFailed } from '../lib/http-error';
import { imageTooLarge } from '../lib/image-limit';
import { contentTypeOfKey } from '../lib/image-sniff';
import { signedInUser } from '../lib/permissions';
import { validate } from '../lib/validate';
import { requireMultipart } from '../middleware/require-multipart';
import { requireUser } from '../middleware/require-user';
import { storeUploadedImage } from '../services/media-store';
import { outputFormat, resizedImage, WidthQuerySchema } from '../lib/image-resize';
import { storedVariant, storeVariant, tagMediaAnswer } from '../lib/media-variant-cache';

const UNSUPPORTED = 'Upload a JPEG, PNG, WebP, GIF or AVIF image';

const mediaUploadRoute = apiRoute({
  method: 'post',
  path: '/media',
  summary: `Upload an image (JPEG, PNG, WebP, GIF or AVIF, at most ${MAX_IMAGE_TEXT}), checked by its bytes and stored without identifying metadata`,
  tags: ['media'],
  access: 'user',
  middleware: [requireMultipart('Send the image as multipart/form-data in the field "file"')],
  form: MediaUploadSchema,
  responses: { 201: MediaUploadResponseSchema },
  errors: { 413: `The image is over ${MAX_IMAGE_TEXT}: \`payload_too_large\``, 415: 'Not multipart, or not an image of those kinds: `unsupported_media_type`' },
});

/** Mounted at /api. */
export const mediaUploadRoutes = new ApiRouter()
  .guard('/media', requireUser)
  .endpoint(
    mediaUploadRoute,
    async (c) => {
      const user = signedInUser(c);
      const { file } = c.req.valid('form');
      if (file.size === 0) throw validationFailed({ file: 'The file is empty' });
      if (file.size > MAX_IMAGE_BYTES) throw imageTooLarge();
      const stored = await storeUploadedImage(c.var.db, c.env.MEDIA, user.id, new Uint8Array(await file.arrayBuffer()));
      if (!stored) throw new HttpError(415, 'unsupported_media_type', UNSUPPORTED, { file: UNSUPPORTED });
      return c.json<MediaUploadResponse>(stored, 201);
    },
  );

// Served outside the page middleware (app.ts mounts this first), so these are the only headers: an
// image never runs as a document, may be shown by feed readers, and never changes under its key.
const SERVE_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Content-Security-Policy': "default-src 'none'",
  'Cross-Origin-Resource-Policy': 'cross-origin',
  'Strict-Transport-Security': 'max-age=31536000; includeSubDomains',
  'Referrer-Policy': 'no-referrer',
};

// Thrown like every error; the headers travel with it because this route sits outside securityHeaders.
const noSuchImage = () =>
  new HttpError(404, 'not_found', 'No such image', undefined, { ...SERVE_HEADERS, 'Cache-Control': 'no-store' });

const variantAnswer = (headers: Headers, contentType: string, body: BodyInit | null): Response => {
  headers.set('Content-Type', contentType);
  return new Response(body, { headers });
};

const etagMatches = (header: string | undefined, etag: string): boolean =>
  header !== undefined && header.split(',').some((t) => t.trim().replace(/^W\//, '') === etag);

/** Mounted at /media. `?w=` (one of IMAGE_WIDTHS) answers the image resized to that width (decision 064). */
export const mediaFileRoutes = new Hono<AppEnv>().get(
  '/:key',
  validate('param', z.object({ key: z.string() })),
  validate('query', WidthQuerySchema),
  async (c) => {
    const key = c.req.valid('param').key;
    const { w: width } = c.req.valid('query');
    const contentType = contentTypeOfKey(key);
    if (!contentType) throw noSuchImage();
    const headers = new Headers({ ...SERVE_HEADERS, 'Content-Type': contentType, 'Cache-Control': 'public, max-age=31536000, immutable' });
    // A resized answer's format follows Accept (even when it falls back to the original); an original never does,
    // and saying so would split every cache of it by each browser's Accept string.
    if (width !== undefined) headers.set('Vary', 'Accept');
    tagMediaAnswer(c, headers, key);
    const format = width !== undefined && c.env.IMAGES && c.req.method !== 'HEAD' ? outputFormat(c.req.header('accept'), contentType) : null;
    if (width !== undefined && format !== null) {
      // Each width+format is resized once and then served from the edge (decision 067).
      const stored = await storedVariant(c, key, width, format);
      if (stored) return variantAnswer(headers, stored.headers.get('content-type') ?? format, stored.body);
      const object = await c.env.MEDIA.get(key);
      if (!object) throw noSuchImage();
      const resized = await resizedImage(c.env.IMAGES!, object, width, format);
      if (resized) {
        await storeVariant(c, key, width, format, resized);
        return variantAnswer(headers, resized.contentType, resized.bytes);
      }
      console.error(`[${c.var.requestId}] /media/${key}?w=${width} could not be resized; answering the original`);
      return new Response(await c.env.MEDIA.get(key).then((again) => again?.body ?? null), { headers });
    }
    const ifNoneMatch = c.req.header('if-none-match');
    if (ifNoneMatch !== undefined || c.req.method === 'HEAD') {
      const head = await c.env.MEDIA.head(key);
      if (!head) throw noSuchImage();
      headers.set('ETag', head.httpEtag);
      if (etagMatches(ifNoneMatch, head.httpEtag)) return new Response(null, { status: 304, headers });
      if (c.req.method === 'HEAD') {
        headers.set('Content-Length', String(head.size));
        return new Response(null, { headers });
      }
    }
    const object = await c.env.MEDIA.get(key);
    if (!object) throw noSuchImage();
    headers.set('ETag', object.httpEtag);
    headers.set('Content-Length', String(object.size));
    return new Response(object.body, { headers });
  },
);
