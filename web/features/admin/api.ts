// The admin area's calls, typed by the contracts.
import type {
  AdminCategoryResponse,
  AdminPasswordResetSent,
  AdminPostStatusInput,
  AdminUserCreate,
  AdminUserResponse,
  AdminUserUpdate,
  BulkPostInput,
  BulkPostResults,
  FeaturedInput,
} from '../../../contracts/admin';
import type { CategoryInput } from '../../../contracts/categories';
import type { CommentBulk, CommentCreated, CommentUpdate } from '../../../contracts/comments';
import type { BylineExport } from '../../../contracts/import';
import type { Navigation, NavigationInput } from '../../../contracts/navigation';
import type { FeaturedResponse } from '../../../contracts/posts';
import type { TagMergeInput, TagResponse, TagUpdateInput } from '../../../contracts/tags';
import type { ApiClients } from '../../lib/api-client';
import { ApiError } from '../../lib/http';
import { httpImportTransport } from './import/import-api';
import type { ImportTransport } from './import/import-run';

const enc = encodeURIComponent;

// Posts
export const setPostStatus = (api: ApiClients, slug: string, input: AdminPostStatusInput): Promise<void> =>
  api.private.request<void>('PATCH', `/api/admin/posts/${enc(slug)}`, input);

export const deleteAdminPost = (api: ApiClients, slug: string): Promise<void> =>
  api.private.request<void>('DELETE', `/api/admin/posts/${enc(slug)}`);

/** `POST /api/admin/posts/bulk`: one action on up to 25 posts, each post's result in order. */
export const bulkPostAction = (api: ApiClients, input: BulkPostInput): Promise<BulkPostResults> =>
  api.private.request<BulkPostResults>('POST', '/api/admin/posts/bulk', input);

// Categories
/** `POST /api/admin/categories` for a new category, `PUT …/:slug` for an existing one. */
export const saveCategory = (api: ApiClients, slug: string | null, input: CategoryInput): Promise<AdminCategoryResponse> =>
  slug
    ? api.private.request<AdminCategoryResponse>('PUT', `/api/admin/categories/${enc(slug)}`, input)
    : api.private.request<AdminCategoryResponse>('POST', '/api/admin/categories', input);

export const deleteCategory = (api: ApiClients, slug: string): Promise<void> =>
  api.private.request<void>('DELETE', `/api/admin/categories/${enc(slug)}`);

// Featured
export const saveFeatured = (api: ApiClients, input: FeaturedInput): Promise<FeaturedResponse> =>
  api.private.request<FeaturedResponse>('PUT', '/api/admin/featured', input);

// Navigation
/** `PUT /api/admin/navigation`: both menus replaced at once; a 422 names each bad item's field (`header.2.url`). */
export const saveNavigation = (api: ApiClients, input: NavigationInput): Promise<Navigation> =>
  api.private.request<Navigation>('PUT', '/api/admin/navigation', input);

/** `DELETE /api/admin/navigation`, then the menus a new site has (the categories in the header). */
export async function resetNavigation(api: ApiClients): Promise<Navigation> {
  await api.private.request<void>('DELETE', '/api/admin/navigation');
  return api.private.request<Navigation>('GET', '/api/navigation');
}

/** The site's pages as link targets, or null where `GET /api/admin/pages` does not exist (404). */
export async function listPageTargets(api: ApiClients): Promise<{ slug: string; name: string }[] | null> {
  try {
    const { items } = await api.private.request<{ items: { slug: string; title: string; status: string }[] }>('GET', '/api/admin/pages');
    return items.map((p) => ({ slug: p.slug, name: p.status === 'published' ? p.title : `${p.title} (${p.status})` }));
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

// Tags
/** `PATCH /api/admin/tags/:slug`: a new name and/or slug; 409 when another tag has it. */
export const renameTag = (api: ApiClients, slug: string, input: TagUpdateInput): Promise<TagResponse> =>
  api.private.request<TagResponse>('PATCH', `/api/admin/tags/${enc(slug)}`, input);

/** `POST /api/admin/tags/:slug/merge`: the posts of `slug` get `into` instead, and `slug` is deleted. */
export const mergeTag = (api: ApiClients, slug: string, input: TagMergeInput): Promise<TagResponse> =>
  api.private.request<TagResponse>('POST', `/api/admin/tags/${enc(slug)}/merge`, input);

export const deleteTag = (api: ApiClients, slug: string): Promise<void> =>
  api.private.request<void>('DELETE', `/api/admin/tags/${enc(slug)}`);

// Users
export const createUser = (api: ApiClients, input: AdminUserCreate): Promise<AdminUserResponse> =>
  api.private.request<AdminUserResponse>('POST', '/api/admin/users', input);

export const updateUser = (api: ApiClients, username: string, input: AdminUserUpdate): Promise<AdminUserResponse> =>
  api.private.request<AdminUserResponse>('PATCH', `/api/admin/users/${enc(username)}`, input);

export const sendPasswordReset = (api: ApiClients, username: string): Promise<AdminPasswordResetSent> =>
  api.private.request<AdminPasswordResetSent>('POST', `/api/admin/users/${enc(username)}/password-reset`);

// Import and export
export const getExport = (api: ApiClients): Promise<BylineExport> => api.private.request<BylineExport>('GET', '/api/admin/export');

/** The import endpoints as the batch driver (web/features/admin/import/import-run.ts) calls them. */
export const importTransport = (api: ApiClients): ImportTransport => httpImportTransport(api.private);

/** `DELETE /api/admin/mail-failures/:id`: the failed mail leaves the list. */
export const dismissMailFailure = (api: ApiClients, id: number): Promise<void> =>
  api.private.request<void>('DELETE', `/api/admin/mail-failures/${id}`);

export { setMediaAlt } from '../../lib/media-api';

/** `DELETE /api/media/:key`: 409 (naming the posts) while a post uses it. */
export const deleteMediaItem = (api: ApiClients, key: string): Promise<void> =>
  api.private.request<void>('DELETE', `/api/media/${enc(key)}`);

/** `PATCH /api/admin/comments/:id`: a new status, a new body, or both (204). */
export const updateComment = (api: ApiClients, id: number, input: CommentUpdate): Promise<void> =>
  api.private.request<void>('PATCH', `/api/admin/comments/${id}`, input);

export const deleteComment = (api: ApiClients, id: number): Promise<void> => api.private.request<void>('DELETE', `/api/admin/comments/${id}`);

/** `POST /api/admin/comments/:id/reply`: the moderator's reply in the thread, approved at once. */
export const replyToComment = (api: ApiClients, id: number, body: string): Promise<CommentCreated> =>
  api.private.request<CommentCreated>('POST', `/api/admin/comments/${id}/reply`, { body });

export const bulkComments = (api: ApiClients, input: CommentBulk): Promise<{ changed: number }> =>
  api.private.request<{ changed: number }>('POST', '/api/admin/comments/bulk', input);
