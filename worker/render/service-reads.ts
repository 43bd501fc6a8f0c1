// The Worker's side of contracts/page-reads.ts: a page's loaders call the read services the API's GET
// routes call, with the page request's db and session — no HTTP request through the app (decision 034).
// Each read parses its input with the contract schema its route validates with, so a bad value is the same
// 400 (and so the same page); each admin read asks the capability its `/api/admin/<area>` route is mounted behind.
import type { z } from 'zod';
import { AdminPostQuerySchema, AdminUserQuerySchema } from '../../contracts/admin';
import { CategoryParamSchema } from '../../contracts/categories';
import { ADMIN_PAGE_SIZE } from '../../contracts/list-page';
import { PageQuerySchema } from '../../contracts/lists';
import { PageSlugParamSchema } from '../../contracts/pages';
import { queryRecord, type AdminReads, type PageReads, type QueryValues } from '../../contracts/page-reads';
import { PasswordResetCheckQuerySchema } from '../../contracts/password-reset-check';
import { InviteCheckQuerySchema } from '../../contracts/invites';
import { PostListQuerySchema, PostSlugParamSchema } from '../../contracts/posts';
import { UsernameParamSchema } from '../../contracts/profile';
import { TagParamSchema } from '../../contracts/tags';
import { notFound } from '../lib/http-error';
import { ADMIN_AREA_CAPABILITIES, type AdminArea } from '../lib/admin-areas';
import { requireCapability, requireSignedIn } from '../lib/permissions';
import { inputError } from '../lib/validate';
import { readPasswordResetCheck, readProfile, readSessions } from '../services/account-reads';
import { readModeratedComments, readPageComments } from '../services/comments';
import { AdminCommentQuerySchema } from '../../contracts/comments';
import {
  readAdminCategories,
  readAdminCategory,
  readAdminFeatured,
  readAdminPosts,
  readAdminRedirects,
  readAdminTags,
  readAdminUser,
  readAdminUsers,
  readDashboard,
  readPostAuthors,
} from '../services/admin-reads';
import {
  readAuthor,
  readCategories,
  readCategory,
  readHome,
  readPost,
  readPostList,
  readPostSearch,
  readTag,
  readTags,
} from '../services/content-reads';
import { readPage, readPageForEditor, readPageList } from '../services/page-writes';
import { readMailFailures } from '../services/mail-failures';
import { readAdminSubscribers } from '../services/subscribers-admin';
import { AdminSubscribersQuerySchema } from '../../contracts/newsletter';
import { readMediaLibrary } from '../services/media-library';
import { MediaListQuerySchema } from '../../contracts/media-library';
import { readNavigation } from '../services/navigation';
import { readInviteCheck, readInvites } from '../services/invites';
import type { ReadContext } from '../services/read-context';
import { readRegistrationTerms } from '../services/registration';
import { readAdminSettings, readPublicSettings } from '../services/settings';

/** The input as its route's validator would have it: parsed by the same schema, or the same 400. */
function parsed<S extends z.ZodType>(schema: S, values: Record<string, string>): z.output<S> {
  const result = schema.safeParse(values);
  if (!result.success) throw inputError('query', result.error);
  return result.data;
}

const pageQuery = (page: number | undefined) => parsed(PageQuerySchema, queryRecord({ page }));

function adminReads(ctx: ReadContext): AdminReads {
  /** The read of `area`, refused (401 / 403) to a role without the area's capability, as its API route is. */
  const inArea =
    (area: AdminArea) =>
    <A extends unknown[], R>(read: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      requireCapability(ctx.user, ADMIN_AREA_CAPABILITIES[area]);
      return read(...args);
    };
  const filtered = (filters: QueryValues, page: number) => queryRecord({ ...filters, page });
  return {
    stats: inArea('stats')(() => readDashboard(ctx)),
    posts: inArea('posts')((filters, page) => readAdminPosts(ctx, parsed(AdminPostQuerySchema, filtered(filters, page)))),
    postAuthors: inArea('authors')(() => readPostAuthors(ctx)),
    categories: inArea('categories')(() => readAdminCategories(ctx)),
    category: inArea('categories')((slug) => readAdminCategory(ctx, parsed(CategoryParamSchema, { slug }))),
    featured: inArea('featured')(async () => (await readAdminFeatured(ctx)).items),
    tags: inArea('tags')((page) => readAdminTags(ctx, pageQuery(page))),
    redirects: inArea('redirects')((page) => readAdminRedirects(ctx, pageQuery(page))),
    mailFailures: inArea('mail-failures')((page) => readMailFailures(ctx, pageQuery(page))),
    subscribers: inArea('subscribers')((filters, page) => readAdminSubscribers(ctx.db, parsed(AdminSubscribersQuerySchema, filtered(filters, page)))),
    // Not an /api/admin area (GET /api/media serves every role); the screen is for `media.manage`. No bucket
    // here: a row without dimensions shows none until the API lists it (which measures it).
    media: async (filters, page) =>
      readMediaLibrary(ctx.db, null, requireCapability(ctx.user, 'media.manage'), parsed(MediaListQuerySchema, filtered(filters, page))),
    users: inArea('users')((filters, page) => readAdminUsers(ctx, parsed(AdminUserQuerySchema, filtered(filters, page)))),
    user: inArea('users')((username) => readAdminUser(ctx, parsed(UsernameParamSchema, { username }))),
    settings: inArea('settings')(() => readAdminSettings(ctx)),
    pages: inArea('pages')((page) => readPageList(ctx, { page: pageQuery(page).page, pageSize: ADMIN_PAGE_SIZE })),
    page: inArea('pages')((slug) => readPageForEditor(ctx, parsed(PageSlugParamSchema, { slug }))),
    invites: inArea('invites')((page) => readInvites(ctx, pageQuery(page))),
    // Per comment, not per area: the rule of its API route (decision 068).
    comments: (filters, page) => readModeratedComments({ ...ctx, user: requireSignedIn(ctx.user) }, parsed(AdminCommentQuerySchema, filtered(filters, page))),
  };
}

/** A post at its current slug: an old one is followed once, as the browser's fetch follows the API's 301. */
async function currentPost(ctx: ReadContext, slug: string) {
  let read = await readPost(ctx, parsed(PostSlugParamSchema, { slug }));
  if ('movedTo' in read) read = await readPost(ctx, { slug: read.movedTo });
  if ('movedTo' in read) throw notFound('No such post');
  return read.post.post;
}

type Read = (...args: never[]) => Promise<unknown>;

/**
 * One render asks each identical read once (the layout and the home page both want the categories): the
 * first call's promise answers every caller. Loaders only read what they get, never change it. A read is
 * wrapped when a loader first reaches it: a page uses a handful of the reads, and a miss should not pay for
 * wrapping every one (docs/decisions/077).
 */
function askingEachOnce<T extends object>(reads: T, prefix = '', answers = new Map<string, Promise<unknown>>()): T {
  const wrapped = new Map<string, unknown>();
  const wrap = (name: string, value: unknown): unknown => {
    if (typeof value !== 'function') return value !== null && typeof value === 'object' ? askingEachOnce(value, `${prefix}${name}.`, answers) : value;
    return (...args: never[]) => {
      const key = `${prefix}${name}${JSON.stringify(args)}`;
      let answer = answers.get(key);
      // Called at once (the render's reads gather in this turn); a bad input rejects, as a route's 400 would.
      if (!answer) answers.set(key, (answer = new Promise((resolve) => resolve((value as Read)(...args)))));
      return answer;
    };
  };
  return new Proxy(reads, {
    get(target, name) {
      if (typeof name !== 'string') return Reflect.get(target, name) as unknown;
      if (!wrapped.has(name)) wrapped.set(name, wrap(name, Reflect.get(target, name)));
      return wrapped.get(name);
    },
  });
}

/**
 * The reads of one page render, with its request's db (the render's coalescing reader) and session, and the
 * Turnstile widget's site key when the site checks it (worker/lib/turnstile.ts).
 */
export function serviceReads(ctx: ReadContext, turnstileSiteKey: string | null = null): PageReads {
  const reads: PageReads = askingEachOnce<PageReads>({
    site: () => readPublicSettings(ctx),
    // The default header's categories are this render's one categories read (the home page asks it too).
    navigation: () => readNavigation(ctx.db, () => reads.categories()),
    home: (page) => readHome(ctx, pageQuery(page)),
    categories: () => readCategories(ctx, pageQuery(undefined)),
    category: async (slug) => (await readCategory(ctx, parsed(CategoryParamSchema, { slug }))).category,
    tags: () => readTags(ctx, pageQuery(undefined)),
    tag: async (slug) => (await readTag(ctx, parsed(TagParamSchema, { slug }))).tag,
    posts: (filter) => readPostList(ctx, parsed(PostListQuerySchema, queryRecord({ ...filter }))),
    search: (q, tag, page) => {
      const query = parsed(PostListQuerySchema, queryRecord({ q, tag, page }));
      return readPostSearch(ctx, { ...query, q: query.q ?? '' });
    },
    post: (slug) => currentPost(ctx, slug),
    page: async (slug) => (await readPage(ctx, parsed(PageSlugParamSchema, { slug }))).page,
    postForEdit: (slug) => currentPost(ctx, slug),
    postComments: (slug) => readPageComments(ctx, slug),
    author: (username, page) => readAuthor(ctx, parsed(UsernameParamSchema, { username }), pageQuery(page)),
    registration: () => readRegistrationTerms(ctx, turnstileSiteKey),
    passwordResetCheck: (token) => readPasswordResetCheck(ctx, parsed(PasswordResetCheckQuerySchema, { token })),
    inviteCheck: (token) => readInviteCheck(ctx, parsed(InviteCheckQuerySchema, { token })),
    profile: (page) => readProfile(ctx, pageQuery(page)),
    sessions: () => readSessions(ctx),
    // Built when a loader first asks (an admin page), not on every visitor's miss.
    get admin() {
      return adminReads(ctx);
    },
  });
  return reads;
}
