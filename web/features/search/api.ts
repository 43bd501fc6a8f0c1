// The search page's call, typed by the contracts.
import type { PostSearchResponse } from '../../../contracts/posts';
import type { ApiClients } from '../../lib/api-client';
import { query } from '../../lib/loader-kit';

/** `GET /api/posts?q=`: one page of the matching published posts, best first, with highlights. */
export const searchPosts = (api: ApiClients, q: string, page: number): Promise<PostSearchResponse> =>
  api.public.request<PostSearchResponse>('GET', `/api/posts${query({ q, page })}`);
