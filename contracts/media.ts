// Image uploads: `POST /api/media` with a multipart field `file` → 201 `{url}`.
import { z } from 'zod';
import type { MediaUploadResponseSchema } from './post-responses';

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

export const MediaUploadSchema = z.object({
  file: z.instanceof(File, { error: 'Choose one image file to upload' }),
});

/** `url` is a site path (`/media/<key>`), usable as a cover image or avatar as it is. */
export type MediaUploadResponse = z.infer<typeof MediaUploadResponseSchema>;
