// The reader pages' own calls (home, category, tag, post), typed by the contracts.
import type { Category, CategoryResponse } from '../../../contracts/categories';
import type { HomeResponse } from '../../../contracts/home';
import type { Post, PostResponse } from '../../../contracts/posts';
import type { Tag, TagResponse } from '../../../contracts/tags';
import type { ApiClients } from '../../lib/api-client';
import { query } from '../../lib/loader-kit';

/** `GET /api/home?page=N`: the featured section (page 1) and the latest posts less those. */
export const getHome = (api: ApiClients, page: number): Promise<HomeResponse> =>
  api.public.request<HomeResponse>('GET', `/api/home${query({ page: page > 1 ? page : undefined })}`);

/** `GET /api/categories/:slug`. */
export const getCategory = async (api: ApiClients, slug: string): Promise<Category> =>
  (await api.public.request<CategoryResponse>('GET', `/api/categories/${encodeURIComponent(slug)}`)).category;

/** `GET /api/posts/:slug` as a reader (a draft only to its author or an admin). */
export const getPost = async (api: ApiClients, slug: string): Promise<Post> =>
  (await api.public.request<PostResponse>('GET', `/api/posts/${encodeURIComponent(slug)}`)).post;

/** `GET /api/tags/:slug`: the tag with its count of visible published posts. */
export const getTag = async (api: ApiClients, slug: string): Promise<Tag> =>
  (await api.public.request<TagResponse>('GET', `/api/tags/${encodeURIComponent(slug)}`)).tag;
