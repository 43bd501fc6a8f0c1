// Image uploads: `POST /api/media` with a multipart field `file` → 201 `{url}`.
import { z } from 'zod';
import type { MediaUploadResponseSchema } from './post-responses';

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

/** A file field of a multipart form (the API's document shows it as binary). */
export const fileField = (error: string) => z.instanceof(File, { error }).meta({ type: 'string', format: 'binary' });

export const MediaUploadSchema = z.object({
  file: fileField('Choose one image file to upload'),
});

/** `url` is a site path (`/media/<key>`), usable as a cover image or avatar as it is. */
export type MediaUploadResponse = z.infer<typeof MediaUploadResponseSchema>;
