// The author page's call, typed by the contracts.
import type { AuthorPageResponse } from '../../../contracts/profile';
import type { ApiClients } from '../../lib/api-client';
import { query } from '../../lib/loader-kit';

/** `GET /api/users/:username`: the author and one page of their published posts. */
export const getAuthor = (api: ApiClients, username: string, page: number): Promise<AuthorPageResponse> =>
  api.public.request<AuthorPageResponse>('GET', `/api/users/${encodeURIComponent(username)}${query({ page })}`);
