// `/api/admin/categories`: every category with both counts; create, read, rename and delete when empty.
import { Hono } from 'hono';
import { AdminCategoryInputSchema, type AdminCategoryList, type AdminCategoryResponse } from '../../../contracts/admin';
import { CategoryParamSchema } from '../../../contracts/categories';
import type { AppEnv } from '../../env';
import { conflict, notFound } from '../../lib/http-error';
import { slugify } from '../../lib/slug';
import { validate } from '../../lib/validate';
import { loadCategory, readAdminCategories, readAdminCategory } from '../../services/admin-reads';
import { readContextOf } from '../../services/read-context';
import {
  CategoryTakenError,
  deleteCategory,
  insertCategory,
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

const postsStillUse = (n: number) => (n === 1 ? '1 post still uses this category' : `${n} posts still use this category`);

export const adminCategoryRoutes = new Hono<AppEnv>()
  .get('/', async (c) => c.json<AdminCategoryList>({ items: await readAdminCategories(readContextOf(c)) }))

  .post('/', validate('json', AdminCategoryInputSchema), async (c) => {
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

  .get('/:slug', validate('param', CategoryParamSchema), async (c) => {
    return c.json<AdminCategoryResponse>({ category: await readAdminCategory(readContextOf(c), c.req.valid('param')) });
  })

  /** Name and description are replaced; an absent slug or description keeps the current one. Posts keep the category. */
  .put('/:slug', validate('param', CategoryParamSchema), validate('json', AdminCategoryInputSchema), async (c) => {
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

  .delete('/:slug', validate('param', CategoryParamSchema), async (c) => {
    const existing = await loadCategory(c.var.db, c.req.valid('param').slug, Date.now());
    const outcome = await deleteCategory(c.var.db, existing.id);
    if (!outcome.ok) {
      if (outcome.reason === 'gone') throw notFound('No such category');
      throw conflict(postsStillUse(outcome.posts));
    }
    return c.body(null, 204);
  });
