// Image uploads: `POST /api/media` with a multipart field `file` → 201 `{url, width, height}`.
import { z } from 'zod';
import type { MediaUploadResponseSchema } from './post-responses';

export { MAX_IMAGE_BYTES, MAX_IMAGE_TEXT } from './limits';

/** A file field of a multipart form (the API's document shows it as binary). */
export const fileField = (error: string) => z.instanceof(File, { error }).meta({ type: 'string', format: 'binary' });

export const MediaUploadSchema = z.object({
  file: fileField('Choose one image file to upload'),
});

/** `url` is a site path (`/media/<key>`), usable as a cover image or avatar as it is; `width`/`height` in pixels, null when unknown. */
export type MediaUploadResponse = z.infer<typeof MediaUploadResponseSchema>;
