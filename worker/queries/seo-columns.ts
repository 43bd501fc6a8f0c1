// The SEO fields (contracts/seo.ts) as a row's columns: the same five on every table that has them
// (posts, migration 0019), read, written and turned into the contract's Seo in one place.
import type { Seo } from '../../contracts/seo';

/** The SEO columns as drizzle maps them. */
export interface SeoColumns {
  seoTitle: string | null;
  seoDescription: string | null;
  seoImage: string | null;
  canonicalUrl: string | null;
  noindex: boolean;
}

/** The select fields of a table's SEO columns (`{ ...seoColumnsOf(posts) }` in a select). */
export const seoColumnsOf = <T extends { [K in keyof SeoColumns]: unknown }>(table: T): Pick<T, keyof SeoColumns> => ({
  seoTitle: table.seoTitle,
  seoDescription: table.seoDescription,
  seoImage: table.seoImage,
  canonicalUrl: table.canonicalUrl,
  noindex: table.noindex,
});

export const seoFromColumns = (row: SeoColumns): Seo => ({
  title: row.seoTitle,
  description: row.seoDescription,
  image: row.seoImage,
  canonicalUrl: row.canonicalUrl,
  noindex: row.noindex,
});

export const columnsFromSeo = (seo: Seo): SeoColumns => ({
  seoTitle: seo.title,
  seoDescription: seo.description,
  seoImage: seo.image,
  canonicalUrl: seo.canonicalUrl,
  noindex: seo.noindex,
});
