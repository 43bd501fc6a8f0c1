// The page reads in the browser: the API's GET routes over HTTP, typed by the contracts. The Worker's
// renderer answers the same interface by calling the services those routes call (contracts/page-reads.ts).
import type { AdminSubscribers } from '../../contracts/newsletter';
import type { AdminCategoryList, AdminCategoryResponse, AdminPostList, AdminStats, AdminUserList, AdminUserResponse, PostAuthorList } from '../../contracts/admin';
import type { Category, CategoryResponse } from '../../contracts/categories';
import type { AdminCommentList, PublicCommentList } from '../../contracts/comments';
import { isStatusError } from '../../contracts/errors';
import type { HomeResponse } from '../../contracts/home';
import type { InviteCheck, InviteList } from '../../contracts/invites';
import type { ListPage } from '../../contracts/list-page';
import type { Navigation } from '../../contracts/navigation';
import type { AdminReads, PageReads } from '../../contracts/page-reads';
import type { Page, PageList } from '../../contracts/pages';
import type { PasswordResetCheck } from '../../contracts/password-reset-check';
import type { FeaturedResponse, PostResponse, PostSearchResponse, PostSummary } from '../../contracts/posts';
import type { AuthorPageResponse, ProfileResponse, ProfileSessionList } from '../../contracts/profile';
import type { MailFailure } from '../../contracts/mail-failures';
import type { MediaItem } from '../../contracts/media-library';
import type { Redirect } from '../../contracts/redirects';
import type { RegistrationTerms } from '../../contracts/registration-policy';
import type { AdminSettings, PublicSettings } from '../../contracts/settings';
import type { AdminTag, Tag, TagResponse } from '../../contracts/tags';
import type { ApiClients } from './api-client';
import type { HttpClient } from './http';
import { query } from './loader-kit';

const enc = encodeURIComponent;
const get = <T>(client: HttpClient, path: string): Promise<T> => client.request<T>('GET', path);

/** `/api/admin/*`, through the private client (401 → login, 403 → home). */
function httpAdminReads(client: HttpClient): AdminReads {
  return {
    stats: () => get<AdminStats>(client, '/api/admin/stats'),
    posts: (filters, page) => get<AdminPostList>(client, `/api/admin/posts${query({ ...filters, page })}`),
    postAuthors: () => get<PostAuthorList>(client, '/api/admin/authors'),
    categories: async () => (await get<AdminCategoryList>(client, '/api/admin/categories')).items,
    category: async (slug) => (await get<AdminCategoryResponse>(client, `/api/admin/categories/${enc(slug)}`)).category,
    featured: async () => (await get<FeaturedResponse>(client, '/api/admin/featured')).items,
    tags: (page) => get<ListPage<AdminTag>>(client, `/api/admin/tags${query({ page })}`),
    redirects: (page) => get<ListPage<Redirect>>(client, `/api/admin/redirects${query({ page })}`),
    mailFailures: (page) => get<ListPage<MailFailure>>(client, `/api/admin/mail-failures${query({ page })}`),
    subscribers: (filters, page) => get<AdminSubscribers>(client, `/api/admin/subscribers${query({ ...filters, page })}`),
    media: (filters, page) => get<ListPage<MediaItem>>(client, `/api/media${query({ ...filters, page })}`),
    users: (filters, page) => get<AdminUserList>(client, `/api/admin/users${query({ ...filters, page })}`),
    user: async (username) => (await get<AdminUserResponse>(client, `/api/admin/users/${enc(username)}`)).user,
    settings: () => get<AdminSettings>(client, '/api/admin/settings'),
    pages: (page) => get<PageList>(client, `/api/admin/pages${query({ page })}`),
    page: (slug) => get<Page>(client, `/api/admin/pages/${enc(slug)}`),
    invites: (page) => get<InviteList>(client, `/api/admin/invites${query({ page })}`),
    comments: (filters, page) => get<AdminCommentList>(client, `/api/admin/comments${query({ ...filters, page })}`),
  };
}

export function httpReads(api: ApiClients): PageReads {
  const reader = api.public;
  const own = api.private;
  return {
    site: () => get<PublicSettings>(reader, '/api/settings'),
    navigation: () => get<Navigation>(reader, '/api/navigation'),
    home: (page) => get<HomeResponse>(reader, `/api/home${query({ page: page > 1 ? page : undefined })}`),
    categories: () => get<ListPage<Category>>(reader, '/api/categories'),
    category: async (slug) => (await get<CategoryResponse>(reader, `/api/categories/${enc(slug)}`)).category,
    tags: () => get<ListPage<Tag>>(reader, '/api/tags'),
    tag: async (slug) => (await get<TagResponse>(reader, `/api/tags/${enc(slug)}`)).tag,
    posts: (filter) => get<ListPage<PostSummary>>(reader, `/api/posts${query({ ...filter })}`),
    search: (q, tag, page) => get<PostSearchResponse>(reader, `/api/posts${query({ q, tag, page })}`),
    // An old slug: the API's 301 is followed by fetch, so the answer is the post at its current slug.
    post: async (slug) => (await get<PostResponse>(reader, `/api/posts/${enc(slug)}`)).post,
    postComments: (slug) =>
      get<PublicCommentList>(reader, `/api/posts/${enc(slug)}/comments`).catch((err: unknown) => {
        if (isStatusError(err) && err.status === 404) return { items: [] }; // a draft's preview: no comments
        throw err;
      }),
    postForEdit: async (slug) => (await get<PostResponse>(own, `/api/posts/${enc(slug)}`)).post,
    page: (slug) => get<Page>(reader, `/api/pages/${enc(slug)}`),
    author: (username, page) => get<AuthorPageResponse>(reader, `/api/users/${enc(username)}${query({ page })}`),
    registration: () => get<RegistrationTerms>(reader, '/api/auth/registration'),
    passwordResetCheck: (token) => get<PasswordResetCheck>(reader, `/api/auth/password-reset/check${query({ token })}`),
    inviteCheck: (token) => get<InviteCheck>(reader, `/api/auth/invite${query({ token })}`),
    profile: (page) => get<ProfileResponse>(own, `/api/profile${query({ page })}`),
    sessions: () => get<ProfileSessionList>(own, '/api/profile/sessions'),
    admin: httpAdminReads(own),
  };
}
