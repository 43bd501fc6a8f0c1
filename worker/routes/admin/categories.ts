// `/api/admin/categories`: every category with both counts; create, read, rename and delete when empty.
import { AdminCategoryInputSchema, type AdminCategoryList, type AdminCategoryResponse } from '../../../contracts/admin';
import { AdminCategoryListSchema, AdminCategoryResponseSchema } from '../../../contracts/admin-responses';
import { CategoryParamSchema } from '../../../contracts/categories';
import type { Db } from '../../env';
import { apiRoute, ApiRouter } from '../../lib/api-router';
import { conflict, notFound } from '../../lib/http-error';
import { slugify } from '../../lib/slug';
import {
  CategoryTakenError,
  deleteCategory,
  findAdminCategory,
  insertCategory,
  listAdminCategories,
  toAdminCategory,
  updateCategory,
} from '../../queries/admin-categories';

const SLUG_TAKEN = 'That slug is already used by another category';
const NAME_TAKEN = 'That name is already used by another category';

function takenConflict(err: unknown): unknown {
  if (!(err instanceof CategoryTakenError)) return err;
  const fields: Record<string, string> = {};
  if (err.fields.name) fields.name = NAME_TAKEN;
  if (err.fields.slug) fields.slug = SLUG_TAKEN;
  return conflict(fields.name ?? fields.slug ?? 'That category already exists', fields);
}

async function loadCategory(db: Db, slug: string, now: number) {
  const category = await findAdminCategory(db, slug, now);
  if (!category) throw notFound('No such category');
  return category;
}

const postsStillUse = (n: number) => (n === 1 ? '1 post still uses this category' : `${n} posts still use this category`);

const NO_SUCH_CATEGORY = 'No such category: `not_found`';
const TAKEN = 'The name or slug is taken (any case): `conflict` with the field';

const adminCategoryListRoute = apiRoute({
  method: 'get',
  path: '/',
  summary: 'Every category by name, with its visible and total post counts',
  tags: ['admin'],
  access: 'admin',
  responses: { 200: AdminCategoryListSchema },
});

const categoryCreateRoute = apiRoute({
  method: 'post',
  path: '/',
  summary: 'Create a category (no slug: made from the name)',
  tags: ['admin'],
  access: 'admin',
  json: AdminCategoryInputSchema,
  responses: { 201: AdminCategoryResponseSchema },
  errors: { 409: TAKEN },
});

const adminCategoryRoute = apiRoute({
  method: 'get',
  path: '/:slug',
  summary: 'One category with both counts',
  tags: ['admin'],
  access: 'admin',
  params: CategoryParamSchema,
  responses: { 200: AdminCategoryResponseSchema },
  errors: { 404: NO_SUCH_CATEGORY },
});

const categoryUpdateRoute = apiRoute({
  method: 'put',
  path: '/:slug',
  summary: 'Rename a category; an absent slug or description keeps the current one',
  tags: ['admin'],
  access: 'admin',
  params: CategoryParamSchema,
  json: AdminCategoryInputSchema,
  responses: { 200: AdminCategoryResponseSchema },
  errors: { 404: NO_SUCH_CATEGORY, 409: TAKEN },
});

const categoryDeleteRoute = apiRoute({
  method: 'delete',
  path: '/:slug',
  summary: 'Delete a category no post uses',
  tags: ['admin'],
  access: 'admin',
  params: CategoryParamSchema,
  responses: { 204: null },
  errors: { 404: NO_SUCH_CATEGORY, 409: 'Posts still use it (drafts count): `conflict`; nothing changed' },
});

export const adminCategoryRoutes = new ApiRouter()
  .endpoint(adminCategoryListRoute, async (c) => c.json<AdminCategoryList>({ items: await listAdminCategories(c.var.db, Date.now()) }))

  .endpoint(categoryCreateRoute, async (c) => {
    const { name, slug, description } = c.req.valid('json');
    let created: string;
    try {
      created = await insertCategory(c.var.db, {
        name,
        description: description ?? '',
        slug: slug ? { handSet: slug } : { base: slugify(name) },
      });
    } catch (err) {
      throw takenConflict(err);
    }
    const category = await loadCategory(c.var.db, created, Date.now());
    return c.json<AdminCategoryResponse>({ category: toAdminCategory(category) }, 201);
  })

  .endpoint(adminCategoryRoute, async (c) => {
    const category = await loadCategory(c.var.db, c.req.valid('param').slug, Date.now());
    return c.json<AdminCategoryResponse>({ category: toAdminCategory(category) });
  })

  /** Name and description are replaced; an absent slug or description keeps the current one. Posts keep the category. */
  .endpoint(categoryUpdateRoute, async (c) => {
    const db = c.var.db;
    const now = Date.now();
    const existing = await loadCategory(db, c.req.valid('param').slug, now);
    const input = c.req.valid('json');
    const slug = input.slug ?? existing.slug;
    let found: boolean;
    try {
      found = await updateCategory(db, {
        id: existing.id,
        slug,
        name: input.name,
        description: input.description ?? existing.description,
        now,
      });
    } catch (err) {
      throw takenConflict(err);
    }
    if (!found) throw notFound('No such category');
    return c.json<AdminCategoryResponse>({ category: toAdminCategory(await loadCategory(db, slug, now)) });
  })

  .endpoint(categoryDeleteRoute, async (c) => {
    const existing = await loadCategory(c.var.db, c.req.valid('param').slug, Date.now());
    const outcome = await deleteCategory(c.var.db, existing.id);
    if (!outcome.ok) {
      if (outcome.reason === 'gone') throw notFound('No such category');
      throw conflict(postsStillUse(outcome.posts));
    }
    return c.body(null, 204);
  });
