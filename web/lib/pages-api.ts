// The admin's writes of standalone pages (`/api/admin/pages`), shared by the pages list and the page editor.
import type { Page, PageInput, PageUpdateInput } from '../../contracts/pages';
import type { ApiClients } from './api-client';

const pagePath = (slug: string) => `/api/admin/pages/${encodeURIComponent(slug)}`;

/** `POST /api/admin/pages` for a new page, `PUT /api/admin/pages/:slug` (with the version read) for an existing one. */
export const savePage = (api: ApiClients, slug: string | null, input: PageInput | PageUpdateInput): Promise<Page> =>
  slug ? api.private.request<Page>('PUT', pagePath(slug), input) : api.private.request<Page>('POST', '/api/admin/pages', input);

/** `DELETE /api/admin/pages/:slug`. */
export const deletePage = (api: ApiClients, slug: string): Promise<void> => api.private.request<void>('DELETE', pagePath(slug));
