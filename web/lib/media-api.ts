// Calls on the media library shared by the admin's library page and the editor's cover field.
import type { MediaItem } from '../../contracts/media-library';
import type { ApiClients } from './api-client';

/** `PATCH /api/media/:key`: the image's alt text; answers the image as the library lists it. */
export const setMediaAlt = (api: ApiClients, key: string, alt: string): Promise<MediaItem> =>
  api.private.request<MediaItem>('PATCH', `/api/media/${encodeURIComponent(key)}`, { alt });
