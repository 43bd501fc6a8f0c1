// The editor's calls, typed by the contracts.
import type { Post, PostInput, PostResponse, PostUpdateInput, PreviewResponse } from '../../../contracts/posts';
import type { ApiClients } from '../../lib/api-client';

const postPath = (slug: string) => `/api/posts/${encodeURIComponent(slug)}`;

/** `GET /api/posts/:slug` as its author or an admin (drafts included; 401 → login). */
export const getPostForEdit = async (api: ApiClients, slug: string): Promise<Post> =>
  (await api.private.request<PostResponse>('GET', postPath(slug))).post;

/** `POST /api/posts/preview`: the HTML readers would get for this Markdown. */
export const previewPost = (api: ApiClients, body: string): Promise<PreviewResponse> =>
  api.public.request<PreviewResponse>('POST', '/api/posts/preview', { body });

/** `POST /api/posts` for a new post, `PUT /api/posts/:slug` (with the version read) for an existing one. */
export const savePost = (api: ApiClients, slug: string | null, input: PostInput | PostUpdateInput): Promise<PostResponse> =>
  slug
    ? api.private.request<PostResponse>('PUT', postPath(slug), input)
    : api.private.request<PostResponse>('POST', '/api/posts', input);

/** `DELETE /api/posts/:slug`. */
export const deletePost = (api: ApiClients, slug: string): Promise<void> => api.private.request<void>('DELETE', postPath(slug));
