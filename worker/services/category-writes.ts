// Writing categories: the admin's create and rename (POST/PUT /api/admin/categories) and the import's
// new categories, by one set of rules — a hand-set slug or one made from the name, a name taken in any
// case (as the lower(name) index compares it) refused — and the HTTP answers of those writes.
import type { AdminCategoryResponse } from '../../contracts/admin';
import { categories } from '../db/schema';
import type { Db } from '../env';
import { conflict, notFound } from '../lib/http-error';
import { slugify } from '../lib/slug';
import { addMovedRedirect } from './redirect-writes';
import { CategoryTakenError, insertCategory, toAdminCategory, updateCategory } from '../queries/admin-categories';
import { loadCategory } from './admin-reads';

const SLUG_TAKEN = 'That slug is already used by another category';
const NAME_TAKEN = 'That name is already used by another category';

function takenConflict(err: unknown): unknown {
  if (!(err instanceof CategoryTakenError)) return err;
  const fields: Record<string, string> = {};
  if (err.fields.name) fields.name = NAME_TAKEN;
  if (err.fields.slug) fields.slug = SLUG_TAKEN;
  return conflict(fields.name ?? fields.slug ?? 'That category already exists', fields);
}

type CategoryFields = { name: string; slug?: string | undefined; description?: string | undefined };

/** `POST /api/admin/categories`: the category created; a taken slug or name → 409 naming the field. */
export async function createCategory(db: Db, input: CategoryFields, now: number): Promise<AdminCategoryResponse> {
  let created: string;
  try {
    created = await insertCategory(db, {
      name: input.name,
      description: input.description ?? '',
      slug: input.slug ? { handSet: input.slug } : { base: slugify(input.name) },
    });
  } catch (err) {
    throw takenConflict(err);
  }
  return { category: toAdminCategory(await loadCategory(db, created, now)) };
}

/** `PUT /api/admin/categories/:slug`: an absent slug or description keeps the current one; posts keep the category. */
export async function renameCategory(db: Db, slug: string, input: CategoryFields, now: number): Promise<AdminCategoryResponse> {
  const existing = await loadCategory(db, slug, now);
  const newSlug = input.slug ?? existing.slug;
  let found: boolean;
  try {
    found = await updateCategory(db, { id: existing.id, slug: newSlug, name: input.name, description: input.description ?? existing.description, now });
  } catch (err) {
    throw takenConflict(err);
  }
  if (!found) throw notFound('No such category');
  await addMovedRedirect(db, `/category/${existing.slug}`, `/category/${newSlug}`, 'category');
  return { category: toAdminCategory(await loadCategory(db, newSlug, now)) };
}

/**
 * A new category with the slug the import checked, as one statement of its batch: as the admin's create with
 * a hand-set slug, a slug taken meanwhile inserts nothing (no row returned) and a name taken fails the batch.
 */
export const newCategoryQuery = (db: Db, c: { slug: string; name: string; description: string }) =>
  db.insert(categories).values(c).onConflictDoNothing({ target: categories.slug }).returning({ slug: categories.slug });
