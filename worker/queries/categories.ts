// Data access for categories as readers see them: each with its count of visible published posts.
import { count, eq, sql, type Placeholder } from 'drizzle-orm';
import type { Category } from '../../contracts/categories';
import type { ListPage } from '../../contracts/lists';
import { builtOnce, runBuilt, runBuiltTogether } from '../db/built-once';
import { categories } from '../db/schema';
import type { Db } from '../env';
import { pageOffset, toListPage } from './list-page';
import { categoryPublishedCount } from './post-counts';


/** A category as readers see it, with its count of visible published posts (post_counts, less the scheduled). */
export const categoryColumns = (now: number | Placeholder) => ({
  slug: categories.slug,
  name: categories.name,
  description: categories.description,
  postCount: categoryPublishedCount(now),
});

/** Categories sorted by name (the lower(name) unique index gives the order). */
export async function listCategories(db: Db, input: { now: number; page: number; pageSize: number }): Promise<ListPage<Category>> {
  const values = { now: input.now, limit: input.pageSize, offset: pageOffset(input) };
  const [rows, total] = await runBuiltTogether(db, [
    builtOnce('categories-page', values, (db, p) =>
      db.select(categoryColumns(p.now)).from(categories).orderBy(sql`lower(${categories.name})`).limit(p.limit).offset(p.offset),
    ),
    builtOnce('categories-total', {}, (db) => db.select({ n: count() }).from(categories)),
  ]);
  return toListPage(rows.map((r) => ({ ...r, postCount: Number(r.postCount) })), total, input);
}

export async function findCategoryBySlug(db: Db, slug: string, now: number): Promise<(Category & { id: number }) | null> {
  const [row] = await runBuilt(
    db,
    builtOnce('category-by-slug', { slug, now }, (db, p) =>
      db
        .select({ id: categories.id, ...categoryColumns(p.now) })
        .from(categories)
        .where(eq(categories.slug, p.slug))
        .limit(1),
    ),
  );
  return row ? { ...row, postCount: Number(row.postCount) } : null;
}

export async function findCategoryId(db: Db, slug: string): Promise<number | null> {
  const [row] = await db.select({ id: categories.id }).from(categories).where(eq(categories.slug, slug)).limit(1);
  return row?.id ?? null;
}

/** Every category's slug, for the sitemap. */
export function listCategorySlugs(db: Db) {
  return db
    .select({ slug: categories.slug, updatedAt: categories.updatedAt })
    .from(categories)
    .orderBy(sql`lower(${categories.name})`);
}
