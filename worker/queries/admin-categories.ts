// Data access for the admin's categories: both counts, and writes where the UNIQUE indexes (slug, and
// lower(name)) are the arbiters and a category still used by posts is never deleted.
import { and, eq, ne, or, sql } from 'drizzle-orm';
import type { AdminCategory } from '../../contracts/admin';
import { categories } from '../db/schema';
import type { Db } from '../env';
import { uniqueViolationOf } from '../db/constraint-failure';
import { categoryColumns } from './categories';
import { insertWithFreeSlug, type SlugChoice } from './slug-insert';

// Every post of the category, any status (the category/status/published_at index answers it alone).
const totalCount = sql<number>`(SELECT count(*) FROM posts AS p WHERE p.category_id = "categories"."id")`;

const adminCategoryColumns = (now: number) => ({ id: categories.id, ...categoryColumns(now), totalCount });

type AdminCategoryRow = AdminCategory & { id: number };

const toAdminCategoryRow = (r: AdminCategoryRow): AdminCategoryRow => ({
  ...r,
  postCount: Number(r.postCount),
  totalCount: Number(r.totalCount),
});

export const toAdminCategory = ({ id: _id, ...c }: AdminCategoryRow): AdminCategory => c;

/** Every category by name (the lower(name) unique index gives the order). */
export async function listAdminCategories(db: Db, now: number): Promise<AdminCategory[]> {
  const rows = await db
    .select(adminCategoryColumns(now))
    .from(categories)
    .orderBy(sql`lower(${categories.name})`);
  return rows.map((r) => toAdminCategory(toAdminCategoryRow(r)));
}

export async function findAdminCategory(db: Db, slug: string, now: number): Promise<AdminCategoryRow | null> {
  const [row] = await db.select(adminCategoryColumns(now)).from(categories).where(eq(categories.slug, slug)).limit(1);
  return row ? toAdminCategoryRow(row) : null;
}

/** Which of `slug` and `name` (case-insensitively) other categories than `exceptId` already use. */
export async function takenCategoryFields(
  db: Db,
  input: { slug?: string; name: string },
  exceptId?: number,
): Promise<{ slug: boolean; name: boolean }> {
  const nameMatch = sql`lower(${categories.name}) = lower(${input.name})`;
  const match = input.slug === undefined ? nameMatch : or(eq(categories.slug, input.slug), nameMatch);
  const rows = await db
    .select({ slug: categories.slug, name: categories.name })
    .from(categories)
    .where(exceptId === undefined ? match : and(match, ne(categories.id, exceptId)))
    .limit(2);
  return {
    slug: input.slug !== undefined && rows.some((r) => r.slug === input.slug),
    name: rows.some((r) => r.name.toLowerCase() === input.name.toLowerCase()),
  };
}

export class CategoryTakenError extends Error {
  constructor(readonly fields: { slug: boolean; name: boolean }) {
    super('category slug or name taken');
  }
}

/** Checks slug and name before a write, so both can be reported at once; throws CategoryTakenError. */
async function refuseTaken(db: Db, input: { slug?: string; name: string }, exceptId?: number): Promise<void> {
  const taken = await takenCategoryFields(db, input, exceptId);
  if (taken.slug || taken.name) throw new CategoryTakenError(taken);
}

/**
 * Inserts a category and answers its slug. A hand-set slug or a name already used → CategoryTakenError;
 * a slug made from the name is the first free `-2`, `-3`, … chosen by the INSERT itself, so concurrent
 * creates never collide on it; a concurrent create of the same name loses on the lower(name) index.
 */
export async function insertCategory(db: Db, input: { name: string; description: string; slug: SlugChoice }): Promise<string> {
  const handSet = 'handSet' in input.slug ? input.slug.handSet : undefined;
  await refuseTaken(db, { name: input.name, slug: handSet });
  let slug: string | null;
  try {
    slug = await insertWithFreeSlug(db, 'categories', { name: input.name, description: input.description }, input.slug);
  } catch (err) {
    if (uniqueViolationOf(err) === null) throw err;
    slug = null;
  }
  if (slug === null) {
    const taken = await takenCategoryFields(db, { name: input.name, slug: handSet });
    // Taken a moment ago and gone again: report the name, the only field a made slug can collide on.
    throw new CategoryTakenError(taken.slug || taken.name ? taken : { slug: handSet !== undefined, name: handSet === undefined });
  }
  return slug;
}

/** Renames a category (its posts keep pointing at it by id); false when it no longer exists. */
export async function updateCategory(
  db: Db,
  input: { id: number; slug: string; name: string; description: string; now: number },
): Promise<boolean> {
  await refuseTaken(db, { name: input.name, slug: input.slug }, input.id);
  try {
    const rows = await db
      .update(categories)
      .set({ slug: input.slug, name: input.name, description: input.description, updatedAt: new Date(input.now) })
      .where(eq(categories.id, input.id))
      .returning({ id: categories.id });
    return rows.length === 1;
  } catch (err) {
    if (uniqueViolationOf(err) === null) throw err;
    throw new CategoryTakenError(await takenCategoryFields(db, { name: input.name, slug: input.slug }, input.id));
  }
}

export type CategoryDeleteOutcome = { ok: true } | { ok: false; reason: 'gone' } | { ok: false; reason: 'in_use'; posts: number };

/** Deletes a category only if no post uses it — checked by the DELETE itself, so a racing insert cannot slip by. */
export async function deleteCategory(db: Db, id: number): Promise<CategoryDeleteOutcome> {
  for (let attempt = 1; ; attempt++) {
    const deleted = await db
      .delete(categories)
      .where(and(eq(categories.id, id), sql`NOT EXISTS (SELECT 1 FROM posts AS p WHERE p.category_id = ${id})`))
      .returning({ id: categories.id });
    if (deleted.length === 1) return { ok: true };
    const [row] = await db.select({ posts: totalCount }).from(categories).where(eq(categories.id, id));
    if (!row) return { ok: false, reason: 'gone' };
    const posts = Number(row.posts);
    // Its last post moved away between the two statements: try once more.
    if (posts > 0 || attempt >= 2) return { ok: false, reason: 'in_use', posts };
  }
}
