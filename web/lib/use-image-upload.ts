// One image upload for every form that takes one (a post's cover, an avatar, an image in a post's body):
// the size check before sending, the upload, and a message an author understands when it fails.
import { useState } from 'react';
import { MAX_IMAGE_TEXT } from '../../contracts/limits';
import { ApiError, type HttpClient } from './http';
import { MAX_IMAGE_BYTES, uploadImage } from './upload-image';

export const IMAGE_TOO_LARGE = `Images must be ${MAX_IMAGE_TEXT} or smaller`;
export const NOT_AN_IMAGE = 'That file is not an image we accept: use JPEG, PNG, WebP, GIF or AVIF';

/** The message for a failed upload: 413 too large, 415/422 not an image we take, else the server's or a generic one. */
export function uploadErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return 'Upload failed; please try again';
  if (error.status === 413) return IMAGE_TOO_LARGE;
  if (error.status === 415) return NOT_AN_IMAGE;
  if (error.status === 422) return error.fields.file ?? NOT_AN_IMAGE;
  return error.message;
}

export interface ImageUpload {
  uploading: boolean;
  error: string | null;
  /** The image's `/media/…` URL, or null when it was refused (the reason is in `error`). */
  upload: (file: File) => Promise<string | null>;
  clearError: () => void;
}

export function useImageUpload(api: HttpClient): ImageUpload {
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function upload(file: File): Promise<string | null> {
    setError(null);
    if (file.size > MAX_IMAGE_BYTES) {
      setError(IMAGE_TOO_LARGE);
      return null;
    }
    setUploading(true);
    try {
      return await uploadImage(api, file);
    } catch (e) {
      setError(uploadErrorMessage(e));
      return null;
    } finally {
      setUploading(false);
    }
  }
  return { uploading, error, upload, clearError: () => setError(null) };
}
