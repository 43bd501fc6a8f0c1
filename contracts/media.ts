// Image uploads: `POST /api/media` with a multipart field `file` → 201 `{url}`.
import { z } from 'zod';
import type { MediaUploadResponseSchema } from './post-responses';

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

/** An uploaded image's key in the media store (what `/media/<key>` serves). */
export const MEDIA_KEY_PATTERN = /^[0-9a-f]{32}\.(jpg|png|webp|gif|avif)$/;
const MEDIA_PATH_PREFIX = '/media/';

/** The key of an uploaded image's address (`/media/<key>`, as POST /api/media answers), or null for any other. */
export function mediaKeyOf(path: string): string | null {
  const key = path.startsWith(MEDIA_PATH_PREFIX) ? path.slice(MEDIA_PATH_PREFIX.length) : '';
  return MEDIA_KEY_PATTERN.test(key) ? key : null;
}

/** A file field of a multipart form (the API's document shows it as binary). */
export const fileField = (error: string) => z.instanceof(File, { error }).meta({ type: 'string', format: 'binary' });

export const MediaUploadSchema = z.object({
  file: fileField('Choose one image file to upload'),
});

/** `url` is a site path (`/media/<key>`), usable as a cover image or avatar as it is. */
export type MediaUploadResponse = z.infer<typeof MediaUploadResponseSchema>;
