// The search page's call, typed by the contracts.
import type { ListPage } from '../../../contracts/list-page';
import type { PostSearchResponse } from '../../../contracts/posts';
import type { Tag } from '../../../contracts/tags';
import type { ApiClients } from '../../lib/api-client';
import { query } from '../../lib/loader-kit';

/** `GET /api/posts?q=&tag=`: one page of the matching published posts (of one tag, if given), best first, with highlights. */
export const searchPosts = (api: ApiClients, q: string, tag: string | undefined, page: number): Promise<PostSearchResponse> =>
  api.public.request<PostSearchResponse>('GET', `/api/posts${query({ q, tag, page })}`);

/** `GET /api/tags`: the first page of tags (by name) with their published counts, for the tag filter. */
export const listTags = (api: ApiClients): Promise<ListPage<Tag>> => api.public.request<ListPage<Tag>>('GET', '/api/tags');
