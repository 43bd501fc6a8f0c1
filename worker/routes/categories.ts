// Categories as readers see them, each with its count of visible published posts.
import { Hono } from 'hono';
import { CATEGORY_PAGE_SIZE, CategoryParamSchema, type Category, type CategoryResponse } from '../../contracts/categories';
import { PageQuerySchema, type ListPage } from '../../contracts/lists';
import type { AppEnv } from '../env';
import { notFound } from '../lib/http-error';
import { validate } from '../lib/validate';
import { findCategoryBySlug, listCategories } from '../queries/categories';

export const categoryRoutes = new Hono<AppEnv>()
  .get('/categories', validate('query', PageQuerySchema), async (c) => {
    const { page } = c.req.valid('query');
    return c.json<ListPage<Category>>(await listCategories(c.var.db, { now: Date.now(), page, pageSize: CATEGORY_PAGE_SIZE }));
  })
  .get('/categories/:slug', validate('param', CategoryParamSchema), async (c) => {
    const found = await findCategoryBySlug(c.var.db, c.req.valid('param').slug, Date.now());
    if (!found) throw notFound('No such category');
    const { id: _id, ...category } = found;
    return c.json<CategoryResponse>({ category });
  });
