// Categories as readers see them, each with its count of visible published posts.
import { Hono } from 'hono';
import { CategoryParamSchema, type Category, type CategoryResponse } from '../../contracts/categories';
import { PageQuerySchema, type ListPage } from '../../contracts/lists';
import type { AppEnv } from '../env';
import { validate } from '../lib/validate';
import { readCategories, readCategory } from '../services/content-reads';
import { readContextOf } from '../services/read-context';

export const categoryRoutes = new Hono<AppEnv>()
  .get('/categories', validate('query', PageQuerySchema), async (c) => {
    return c.json<ListPage<Category>>(await readCategories(readContextOf(c), c.req.valid('query')));
  })
  .get('/categories/:slug', validate('param', CategoryParamSchema), async (c) => {
    return c.json<CategoryResponse>(await readCategory(readContextOf(c), c.req.valid('param')));
  });
