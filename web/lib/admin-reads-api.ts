// The admin screens' reads in the browser: `/api/admin/*` through the private client (401 → login, 403 → home).
// Loaded with the first admin read (page-reads-api.ts), so a reader's pages carry none of it.
import type { AdminCategoryList, AdminCategoryResponse, AdminPostList, AdminStats, AdminUserList, AdminUserResponse, PostAuthorList } from '../../contracts/admin';
import type { AdminCommentList } from '../../contracts/comments';
import type { InviteList } from '../../contracts/invites';
import type { ListPage } from '../../contracts/list-page';
import type { MailFailure } from '../../contracts/mail-failures';
import type { MediaItem } from '../../contracts/media-library';
import type { AdminSubscribers } from '../../contracts/newsletter';
import type { AdminReads } from '../../contracts/page-reads';
import type { Page, PageList } from '../../contracts/pages';
import type { FeaturedResponse } from '../../contracts/posts';
import type { Redirect } from '../../contracts/redirects';
import type { AdminSettings } from '../../contracts/settings';
import type { AdminTag } from '../../contracts/tags';
import type { HttpClient } from './http';
import { query } from './loader-kit';
import { enc, get } from './page-reads-api';

export function httpAdminReads(client: HttpClient): AdminReads {
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
