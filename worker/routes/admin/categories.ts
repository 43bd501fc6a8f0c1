// `/api/admin/categories`: every category with both counts; create, read, rename and delete when empty.
import { Hono } from 'hono';
import { AdminCategoryInputSchema, type AdminCategoryList, type AdminCategoryResponse } from '../../../contracts/admin';
import { CategoryParamSchema } from '../../../contracts/categories';
import type { AppEnv } from '../../env';
import { conflict, notFound } from '../../lib/http-error';
import { validate } from '../../lib/validate';
import { deleteCategory } from '../../queries/admin-categories';
import { loadCategory, readAdminCategories, readAdminCategory } from '../../services/admin-reads';
import { createCategory, renameCategory } from '../../services/category-writes';
import { readContextOf } from '../../services/read-context';

const postsStillUse = (n: number) => (n === 1 ? '1 post still uses this category' : `${n} posts still use this category`);

export const adminCategoryRoutes = new Hono<AppEnv>()
  .get('/', async (c) => c.json<AdminCategoryList>({ items: await readAdminCategories(readContextOf(c)) }))

  .post('/', validate('json', AdminCategoryInputSchema), async (c) =>
    c.json<AdminCategoryResponse>(await createCategory(c.var.db, c.req.valid('json'), Date.now()), 201),
  )

  .get('/:slug', validate('param', CategoryParamSchema), async (c) =>
    c.json<AdminCategoryResponse>({ category: await readAdminCategory(readContextOf(c), c.req.valid('param')) }),
  )

  /** Name and description are replaced; an absent slug or description keeps the current one. Posts keep the category. */
  .put('/:slug', validate('param', CategoryParamSchema), validate('json', AdminCategoryInputSchema), async (c) =>
    c.json<AdminCategoryResponse>(await renameCategory(c.var.db, c.req.valid('param').slug, c.req.valid('json'), Date.now())),
  )

  .delete('/:slug', validate('param', CategoryParamSchema), async (c) => {
    const existing = await loadCategory(c.var.db, c.req.valid('param').slug, Date.now());
    const outcome = await deleteCategory(c.var.db, existing.id);
    if (!outcome.ok) {
      if (outcome.reason === 'gone') throw notFound('No such category');
      throw conflict(postsStillUse(outcome.posts));
    }
    return c.body(null, 204);
  });
