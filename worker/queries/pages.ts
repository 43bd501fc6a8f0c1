// Data access for standalone pages (migration 0017): one page, the admin's list, the sitemap's slugs and
// versioned writes. Answers data, never HTTP errors.
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { ListPage } from '../../contracts/list-page';
import type { Page, PageStatus, PageSummary } from '../../contracts/pages';
import type { Seo } from '../../contracts/seo';
import { uniqueViolationOf } from '../db/constraint-failure';
import { pages, users } from '../db/schema';
import type { Db } from '../env';
import { pageOffset, toListPage, type PageRequest } from './list-page';
import { insertWithFreeSlug, type SlugChoice } from './slug-insert';
import { seoFromColumns } from './seo-columns';

export type PageRow = typeof pages.$inferSelect;

/** What a write sets besides slug and version. */
export interface PageValues {
  title: string;
  body: string;
  bodyHtml: string;
  excerpt: string;
  status: PageStatus;
  seo: Seo;
  publishedAt: Date | null;
}

export class PageSlugTakenError extends Error {
  constructor(readonly slug: string) {
    super(`page slug ${slug} is taken`);
  }
}

/** A page's SEO fields: the same five columns as a post's (queries/seo-columns.ts). */
export const seoOf = (row: PageRow): Seo => seoFromColumns(row);

export const toPage = (row: PageRow): Page => ({
  slug: row.slug,
  title: row.title,
  body: row.body,
  bodyHtml: row.bodyHtml,
  excerpt: row.excerpt,
  status: row.status,
  seo: seoOf(row),
  updatedAt: row.updatedAt.toISOString(),
  version: row.version,
});

/** The page at `slug`, any status (the caller decides who may see it), or null. */
export async function findPageBySlug(db: Db, slug: string): Promise<PageRow | null> {
  const [row] = await db.select().from(pages).where(eq(pages.slug, slug)).limit(1);
  return row ?? null;
}

const summaryColumns = { slug: pages.slug, title: pages.title, status: pages.status, updatedAt: pages.updatedAt, version: pages.version };

/** Every page, drafts too, newest change first (index pages_updated_idx). */
export async function listPages(db: Db, p: PageRequest): Promise<ListPage<PageSummary>> {
  const [rows, total] = await db.batch([
    db.select(summaryColumns).from(pages).orderBy(desc(pages.updatedAt), desc(pages.id)).limit(p.pageSize).offset(pageOffset(p)),
    db.select({ n: count() }).from(pages),
  ]);
  return toListPage(
    rows.map((r) => ({ ...r, updatedAt: r.updatedAt.toISOString() })),
    total,
    p,
  );
}

/** The published pages' addresses and last changes, for the sitemap. */
export const listPublishedPageSlugs = (db: Db) =>
  db.select({ slug: pages.slug, updatedAt: pages.updatedAt }).from(pages).where(eq(pages.status, 'published')).orderBy(pages.slug);

/** Every page with its author's username (null when that account is gone), oldest first: Byline's export. */
export const listPagesForExport = (db: Db) =>
  db
    .select({ row: pages, author: users.username })
    .from(pages)
    .leftJoin(users, eq(users.id, pages.authorId))
    .orderBy(pages.id);

/** PageValues as SQL columns of `pages`. */
const pageColumns = (v: PageValues) => ({
  title: v.title,
  body: v.body,
  body_html: v.bodyHtml,
  excerpt: v.excerpt,
  status: v.status,
  seo_title: v.seo.title,
  seo_description: v.seo.description,
  seo_image: v.seo.image,
  canonical_url: v.seo.canonicalUrl,
  noindex: v.seo.noindex ? 1 : 0,
  published_at: v.publishedAt,
});

/**
 * Inserts a page by `authorId` and answers its slug: a taken hand-set slug throws PageSlugTakenError; a
 * made one is the first free of `base`, `base-2`, … that `reserved` does not name, chosen by the INSERT.
 */
export async function insertPage(
  db: Db,
  values: PageValues,
  authorId: number,
  slug: SlugChoice,
  reserved: (s: string) => boolean,
  /** An imported page's own dates; absent: now. */
  dates?: { createdAt: Date; updatedAt: Date },
): Promise<string> {
  const stamps = dates ? { created_at: dates.createdAt, updated_at: dates.updatedAt } : {};
  const inserted = await insertWithFreeSlug(db, 'pages', { ...pageColumns(values), author_id: authorId, version: 1, ...stamps }, slug, reserved);
  if (inserted === null) throw new PageSlugTakenError('handSet' in slug ? slug.handSet : slug.base);
  return inserted;
}

export type PageUpdateOutcome = 'ok' | 'stale' | 'gone';

/** Updates a page only if it still has `version` (`UPDATE … WHERE id = ? AND version = ?`); the version goes up by one. */
export async function updatePageVersioned(
  db: Db,
  input: { id: number; version: number; slug: string; values: PageValues; now: number },
): Promise<PageUpdateOutcome> {
  let updated;
  try {
    updated = await db
      .update(pages)
      .set({ ...rowValues(input.values), slug: input.slug, version: sql`${pages.version} + 1`, updatedAt: new Date(input.now) })
      .where(and(eq(pages.id, input.id), eq(pages.version, input.version)))
      .returning({ id: pages.id });
  } catch (err) {
    if (uniqueViolationOf(err) !== null) throw new PageSlugTakenError(input.slug);
    throw err;
  }
  if (updated.length === 1) return 'ok';
  const [still] = await db.select({ id: pages.id }).from(pages).where(eq(pages.id, input.id));
  return still ? 'stale' : 'gone';
}

/** PageValues as drizzle's row fields. */
const rowValues = ({ seo, ...v }: PageValues) => ({
  ...v,
  seoTitle: seo.title,
  seoDescription: seo.description,
  seoImage: seo.image,
  canonicalUrl: seo.canonicalUrl,
  noindex: seo.noindex,
});

/** Deletes the page `id`; whether there was one. */
export async function deletePage(db: Db, id: number): Promise<boolean> {
  const gone = await db.delete(pages).where(eq(pages.id, id)).returning({ id: pages.id });
  return gone.length > 0;
}
