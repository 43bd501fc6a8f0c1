// The admin area's calls, typed by the contracts.
import type {
  AdminCategory,
  AdminCategoryList,
  AdminCategoryResponse,
  AdminPasswordResetSent,
  AdminPostList,
  AdminPostStatusInput,
  AdminStats,
  AdminUser,
  AdminUserCreate,
  AdminUserList,
  AdminUserResponse,
  AdminUserUpdate,
  BulkPostInput,
  BulkPostResults,
  FeaturedInput,
  PostAuthorList,
} from '../../../contracts/admin';
import type { CategoryInput } from '../../../contracts/categories';
import type { BylineExport } from '../../../contracts/import';
import type { ListPage } from '../../../contracts/list-page';
import type { FeaturedResponse } from '../../../contracts/posts';
import type { AdminTag, TagMergeInput, TagResponse, TagUpdateInput } from '../../../contracts/tags';
import type { ApiClients } from '../../lib/api-client';
import { query } from '../../lib/loader-kit';
import { httpImportTransport } from './import/import-api';
import type { ImportTransport } from './import/import-run';

const enc = encodeURIComponent;

export const getStats = (api: ApiClients): Promise<AdminStats> => api.private.request<AdminStats>('GET', '/api/admin/stats');

// Posts
export const listAdminPosts = (api: ApiClients, filters: Record<string, string>, page: number): Promise<AdminPostList> =>
  api.private.request<AdminPostList>('GET', `/api/admin/posts${query({ ...filters, page })}`);

export const listPostAuthors = (api: ApiClients): Promise<PostAuthorList> =>
  api.private.request<PostAuthorList>('GET', '/api/admin/authors');

export const setPostStatus = (api: ApiClients, slug: string, input: AdminPostStatusInput): Promise<void> =>
  api.private.request<void>('PATCH', `/api/admin/posts/${enc(slug)}`, input);

export const deleteAdminPost = (api: ApiClients, slug: string): Promise<void> =>
  api.private.request<void>('DELETE', `/api/admin/posts/${enc(slug)}`);

/** `POST /api/admin/posts/bulk`: one action on up to 25 posts, each post's result in order. */
export const bulkPostAction = (api: ApiClients, input: BulkPostInput): Promise<BulkPostResults> =>
  api.private.request<BulkPostResults>('POST', '/api/admin/posts/bulk', input);

// Categories
export const listAdminCategories = async (api: ApiClients): Promise<AdminCategory[]> =>
  (await api.private.request<AdminCategoryList>('GET', '/api/admin/categories')).items;

export const getAdminCategory = async (api: ApiClients, slug: string): Promise<AdminCategory> =>
  (await api.private.request<AdminCategoryResponse>('GET', `/api/admin/categories/${enc(slug)}`)).category;

/** `POST /api/admin/categories` for a new category, `PUT …/:slug` for an existing one. */
export const saveCategory = (api: ApiClients, slug: string | null, input: CategoryInput): Promise<AdminCategoryResponse> =>
  slug
    ? api.private.request<AdminCategoryResponse>('PUT', `/api/admin/categories/${enc(slug)}`, input)
    : api.private.request<AdminCategoryResponse>('POST', '/api/admin/categories', input);

export const deleteCategory = (api: ApiClients, slug: string): Promise<void> =>
  api.private.request<void>('DELETE', `/api/admin/categories/${enc(slug)}`);

// Featured
export const listAdminFeatured = (api: ApiClients): Promise<FeaturedResponse> =>
  api.private.request<FeaturedResponse>('GET', '/api/admin/featured');

export const saveFeatured = (api: ApiClients, input: FeaturedInput): Promise<FeaturedResponse> =>
  api.private.request<FeaturedResponse>('PUT', '/api/admin/featured', input);

// Tags
/** `GET /api/admin/tags`: one page of every tag (by name) with its published and all-status counts. */
export const listAdminTags = (api: ApiClients, page: number): Promise<ListPage<AdminTag>> =>
  api.private.request<ListPage<AdminTag>>('GET', `/api/admin/tags${query({ page })}`);

/** `PATCH /api/admin/tags/:slug`: a new name and/or slug; 409 when another tag has it. */
export const renameTag = (api: ApiClients, slug: string, input: TagUpdateInput): Promise<TagResponse> =>
  api.private.request<TagResponse>('PATCH', `/api/admin/tags/${enc(slug)}`, input);

/** `POST /api/admin/tags/:slug/merge`: the posts of `slug` get `into` instead, and `slug` is deleted. */
export const mergeTag = (api: ApiClients, slug: string, input: TagMergeInput): Promise<TagResponse> =>
  api.private.request<TagResponse>('POST', `/api/admin/tags/${enc(slug)}/merge`, input);

export const deleteTag = (api: ApiClients, slug: string): Promise<void> =>
  api.private.request<void>('DELETE', `/api/admin/tags/${enc(slug)}`);

// Users
export const listAdminUsers = (api: ApiClients, filters: Record<string, string>, page: number): Promise<AdminUserList> =>
  api.private.request<AdminUserList>('GET', `/api/admin/users${query({ ...filters, page })}`);

export const getAdminUser = async (api: ApiClients, username: string): Promise<AdminUser> =>
  (await api.private.request<AdminUserResponse>('GET', `/api/admin/users/${enc(username)}`)).user;

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
