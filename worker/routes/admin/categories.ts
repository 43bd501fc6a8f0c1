// `/api/admin/categories`: every category with both counts; create, read, rename and delete when empty.
import { AdminCategoryInputSchema, type AdminCategoryList, type AdminCategoryResponse } from '../../../contracts/admin';
import { AdminCategoryListSchema, AdminCategoryResponseSchema } from '../../../contracts/admin-responses';
import { CategoryParamSchema } from '../../../contracts/categories';
import { apiRoute, ApiRouter } from '../../lib/api-router';
import { conflict, notFound } from '../../lib/http-error';
import { deleteCategory } from '../../queries/admin-categories';
import { loadCategory, readAdminCategories, readAdminCategory } from '../../services/admin-reads';
import { createCategory, renameCategory } from '../../services/category-writes';
import { readContextOf } from '../../services/read-context';

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
  .endpoint(adminCategoryListRoute, async (c) => c.json<AdminCategoryList>({ items: await readAdminCategories(readContextOf(c)) }))

  .endpoint(categoryCreateRoute, async (c) =>
    c.json<AdminCategoryResponse>(await createCategory(c.var.db, c.req.valid('json'), Date.now()), 201),
  )

  .endpoint(adminCategoryRoute, async (c) =>
    c.json<AdminCategoryResponse>({ category: await readAdminCategory(readContextOf(c), c.req.valid('param')) }),
  )

  /** Name and description are replaced; an absent slug or description keeps the current one. Posts keep the category. */
  .endpoint(categoryUpdateRoute, async (c) =>
    c.json<AdminCategoryResponse>(await renameCategory(c.var.db, c.req.valid('param').slug, c.req.valid('json'), Date.now())),
  )

  .endpoint(categoryDeleteRoute, async (c) => {
    const existing = await loadCategory(c.var.db, c.req.valid('param').slug, Date.now());
    const outcome = await deleteCategory(c.var.db, existing.id);
    if (!outcome.ok) {
      if (outcome.reason === 'gone') throw notFound('No such category');
      throw conflict(postsStillUse(outcome.posts));
    }
    return c.body(null, 204);
  });
