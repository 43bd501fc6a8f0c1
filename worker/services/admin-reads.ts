// The admin area's reads, as `/api/admin/*`'s GET routes answer them (behind each area's capability, mounted once)
// and the admin pages' loaders get them (render/service-reads.ts refuses them to a role without the capability by the same rule).
import {
  ADMIN_PAGE_SIZE,
  adminPostOrder,
  type AdminCategory,
  type AdminPostList,
  type AdminPostQuerySchema,
  type AdminStats,
  type AdminUser,
  type AdminUserList,
  type AdminUserQuerySchema,
  type PostAuthorList,
} from '../../contracts/admin';
import type { CategoryParamSchema } from '../../contracts/categories';
import type { ListPage, PageQuerySchema } from '../../contracts/lists';
import type { FeaturedResponse } from '../../contracts/posts';
import type { UsernameParamSchema } from '../../contracts/profile';
import type { Redirect } from '../../contracts/redirects';
import { TAG_PAGE_SIZE, type AdminTag } from '../../contracts/tags';
import type { Db } from '../env';
import { notFound } from '../lib/http-error';
import { findAdminCategory, listAdminCategories, toAdminCategory } from '../queries/admin-categories';
import { listAdminPosts } from '../queries/admin-posts';
import { readAdminStats } from '../queries/admin-stats';
import { findAdminUser, listAdminUsers, listPostAuthors, toAdminUser } from '../queries/admin-users';
import { listFeaturedPosts } from '../queries/featured';
import { listRedirects } from '../queries/redirects';
import { listAdminTags } from '../queries/tags';
import type { ReadContext, ReadInput } from './read-context';
import { readAdminSettings } from './settings';

/** The dashboard; its weeks are the site's (Monday 00:00 in the settings' time zone). */
export const readDashboard = async ({ db, now }: ReadContext): Promise<AdminStats> => readAdminStats(db, now, (await readAdminSettings({ db })).timeZone);

/** Every post of any status, filtered, sorted and paged. */
export function readAdminPosts({ db, now }: ReadContext, query: ReadInput<typeof AdminPostQuerySchema>): Promise<AdminPostList> {
  const { page, status, category, author, q, sort, dir } = query;
  return listAdminPosts(db, {
    now,
    page,
    pageSize: ADMIN_PAGE_SIZE,
    status,
    categorySlug: category,
    authorUsername: author,
    q,
    order: adminPostOrder(sort, dir),
  });
}

/** The accounts the posts list can be filtered by. */
export const readPostAuthors = async ({ db }: ReadContext): Promise<PostAuthorList> => ({ items: await listPostAuthors(db) });

export const readAdminCategories = ({ db, now }: ReadContext): Promise<AdminCategory[]> => listAdminCategories(db, now);

/** A category with both counts, or 404. */
export async function loadCategory(db: Db, slug: string, now: number) {
  const category = await findAdminCategory(db, slug, now);
  if (!category) throw notFound('No such category');
  return category;
}

export const readAdminCategory = async ({ db, now }: ReadContext, { slug }: ReadInput<typeof CategoryParamSchema>): Promise<AdminCategory> =>
  toAdminCategory(await loadCategory(db, slug, now));

// The admin sees every entry, scheduled posts included: they join the public list at their publish time.
export const readAdminFeatured = async ({ db, now }: ReadContext): Promise<FeaturedResponse> => ({
  items: await listFeaturedPosts(db, now, { includeScheduled: true }),
});

/** `GET /api/admin/redirects`: one page of the redirects, newest first. */
export const readAdminRedirects = ({ db }: ReadContext, { page }: ReadInput<typeof PageQuerySchema>): Promise<ListPage<Redirect>> =>
  listRedirects(db, { page, pageSize: ADMIN_PAGE_SIZE });

export const readAdminTags = ({ db, now }: ReadContext, { page }: ReadInput<typeof PageQuerySchema>): Promise<ListPage<AdminTag>> =>
  listAdminTags(db, { now, page, pageSize: TAG_PAGE_SIZE });

export function readAdminUsers({ db }: ReadContext, { page, q, role }: ReadInput<typeof AdminUserQuerySchema>): Promise<AdminUserList> {
  return listAdminUsers(db, { page, pageSize: ADMIN_PAGE_SIZE, q, role });
}

/** An account as the admin sees it (with its password hash, which only the write routes use), or 404. */
export async function loadUser(db: Db, username: string) {
  const user = await findAdminUser(db, username);
  if (!user) throw notFound('No such user');
  return user;
}

export const readAdminUser = async ({ db }: ReadContext, { username }: ReadInput<typeof UsernameParamSchema>): Promise<AdminUser> =>
  toAdminUser(await loadUser(db, username));
