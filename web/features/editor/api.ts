// The editor's calls, typed by the contracts.
import type { ListPage } from '../../../contracts/list-page';
import type { MediaItem } from '../../../contracts/media-library';
import type { Post, PostInput, PostResponse, PostUpdateInput, PreviewResponse } from '../../../contracts/posts';
import type { Revision, RevisionListResponse, RevisionResponse, RevisionSummary } from '../../../contracts/revisions';
import type { ApiClients } from '../../lib/api-client';

const postPath = (slug: string) => `/api/posts/${encodeURIComponent(slug)}`;
const revisionsPath = (slug: string) => `${postPath(slug)}/revisions`;

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

/** `GET /api/posts/:slug/revisions`, newest first. */
export const listRevisions = async (api: ApiClients, slug: string): Promise<RevisionSummary[]> =>
  (await api.private.request<RevisionListResponse>('GET', revisionsPath(slug))).items;

/** `GET /api/posts/:slug/revisions/:id`, with its excerpt and body. */
export const getRevision = async (api: ApiClients, slug: string, id: number): Promise<Revision> =>
  (await api.private.request<RevisionResponse>('GET', `${revisionsPath(slug)}/${id}`)).revision;

/** `POST /api/posts/:slug/revisions/:id/restore {version}` → the post, restored as a new version (stale → 409). */
export const restoreRevision = async (api: ApiClients, slug: string, id: number, version: number): Promise<Post> =>
  (await api.private.request<PostResponse>('POST', `${revisionsPath(slug)}/${id}/restore`, { version })).post;

/** `POST /api/admin/posts/:slug/return {note}` → the post, back in `draft`; the note is mailed to its author. */
export const returnPost = async (api: ApiClients, slug: string, note: string): Promise<Post> =>
  (await api.private.request<PostResponse>('POST', `/api/admin/posts/${encodeURIComponent(slug)}/return`, { note })).post;

/** `GET /api/media`: the first page of the writer's library (everyone's for `media.manage`), newest first. */
export const listLibrary = (api: ApiClients): Promise<ListPage<MediaItem>> => api.private.request<ListPage<MediaItem>>('GET', '/api/media');
