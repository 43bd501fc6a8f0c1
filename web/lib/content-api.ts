// Calls more than one feature makes (the layout, home, category, editor and admin pages), typed by the contracts.
import type { Category } from '../../contracts/categories';
import type { ListPage } from '../../contracts/list-page';
import type { PostSummary } from '../../contracts/posts';
import type { ApiClients } from './api-client';
import { query } from './loader-kit';

/** `GET /api/categories`: the first page of categories with published posts. */
export const listCategories = (api: ApiClients): Promise<ListPage<Category>> =>
  api.public.request<ListPage<Category>>('GET', '/api/categories');

/** `GET /api/posts`: one page of the published posts, optionally of one category or tag, or matching `q`. */
export const listPosts = (
  api: ApiClients,
  params: { page?: number; category?: string; tag?: string; q?: string } = {},
): Promise<ListPage<PostSummary>> => api.public.request<ListPage<PostSummary>>('GET', `/api/posts${query(params)}`);
