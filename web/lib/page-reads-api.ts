// The page reads in the browser: the API's GET routes over HTTP, typed by the contracts. The Worker's
// renderer answers the same interface by calling the services those routes call (contracts/page-reads.ts).
import type { Category, CategoryResponse } from '../../contracts/categories';
import type { PublicCommentList } from '../../contracts/comments';
import { isStatusError } from '../../contracts/errors';
import type { HomeResponse } from '../../contracts/home';
import type { InviteCheck } from '../../contracts/invites';
import type { ListPage } from '../../contracts/list-page';
import type { Navigation } from '../../contracts/navigation';
import type { AdminReads, PageReads } from '../../contracts/page-reads';
import type { Page } from '../../contracts/pages';
import type { PasswordResetCheck } from '../../contracts/password-reset-check';
import type { PostResponse, PostSearchResponse, PostSummary } from '../../contracts/posts';
import type { AuthorPageResponse, ProfileResponse, ProfileSessionList } from '../../contracts/profile';
import type { RegistrationTerms } from '../../contracts/registration-policy';
import type { PublicSettings } from '../../contracts/settings';
import type { Tag, TagResponse } from '../../contracts/tags';
import type { ApiClients } from './api-client';
import type { HttpClient } from './http';
import { query } from './loader-kit';

export const enc = encodeURIComponent;
export const get = <T>(client: HttpClient, path: string): Promise<T> => client.request<T>('GET', path);

/**
 * `/api/admin/*`, loaded with the first admin read (admin-reads-api.ts): a reader's pages carry no admin code. Every
 * admin read returns a promise, so each name answers by loading the module and calling its read of that name.
 */
function lazyAdminReads(client: HttpClient): AdminReads {
  const load = () => import('./admin-reads-api').then((m) => m.httpAdminReads(client));
  return new Proxy({} as AdminReads, {
    // Not a promise itself: `then` is no read (so `await reads.admin` stays the object, as before).
    get: (_, name: string) =>
      name === 'then' ? undefined : async (...args: unknown[]) => ((await load())[name as keyof AdminReads] as (...a: unknown[]) => Promise<unknown>)(...args),
  });
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
    admin: lazyAdminReads(own),
  };
}
