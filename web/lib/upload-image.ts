import type { HttpClient } from './http';

export { MAX_IMAGE_BYTES } from '../../contracts/limits';
export const IMAGE_TYPES = 'image/jpeg,image/png,image/webp,image/gif,image/avif';

/** Uploads one image (checked again, by content, on the server) and answers its `/media/…` URL. */
export async function uploadImage(api: HttpClient, file: File): Promise<string> {
  const form = new FormData();
  form.set('file', file);
  const { url } = await api.send<{ url: string }>('POST', '/api/media', form);
  return url;
}
