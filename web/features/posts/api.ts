// The reader pages' own calls (home, category, tag, post), typed by the contracts.
import type { Category, CategoryResponse } from '../../../contracts/categories';
import type { FeaturedResponse, Post, PostResponse } from '../../../contracts/posts';
import type { Tag, TagResponse } from '../../../contracts/tags';
import type { ApiClients } from '../../lib/api-client';

/** `GET /api/featured`: the published featured posts in the admin's order. */
export const listFeatured = (api: ApiClients): Promise<FeaturedResponse> =>
  api.public.request<FeaturedResponse>('GET', '/api/featured');

/** `GET /api/categories/:slug`. */
export const getCategory = async (api: ApiClients, slug: string): Promise<Category> =>
  (await api.public.request<CategoryResponse>('GET', `/api/categories/${encodeURIComponent(slug)}`)).category;

/** `GET /api/posts/:slug` as a reader (a draft only to its author or an admin). */
export const getPost = async (api: ApiClients, slug: string): Promise<Post> =>
  (await api.public.request<PostResponse>('GET', `/api/posts/${encodeURIComponent(slug)}`)).post;

/** `GET /api/tags/:slug`: the tag with its count of visible published posts. */
export const getTag = async (api: ApiClients, slug: string): Promise<Tag> =>
  (await api.public.request<TagResponse>('GET', `/api/tags/${encodeURIComponent(slug)}`)).tag;
