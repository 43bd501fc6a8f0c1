// The public lists' page size (product.md §14 "posts per page"): a list asked for SETTINGS_PAGE_SIZE has its
// statement read the settings row itself for LIMIT and OFFSET, so a page costs no D1 round trip more; the
// answer's `pageSize` is the settings row read in the same batch (decision 044), on a page the very
// statement its layout reads for the site, so sent once (decision 051).
import { sql, type Placeholder } from 'drizzle-orm';
import { PUBLIC_PAGE_SIZE } from '../../contracts/list-page';
import { siteRowRead, type SiteRow } from './site-row';

/** Asks a public list (home, category, tag, author, search) for the settings' posts per page. */
export const SETTINGS_PAGE_SIZE = null;
/** A list's page size: a number of rows, or SETTINGS_PAGE_SIZE. */
export type ListPageSize = number | typeof SETTINGS_PAGE_SIZE;

const postsPerPage = sql`(SELECT posts_per_page FROM settings WHERE id = 1)`;
const sizeOf = (pageSize: Placeholder | ListPageSize) => sql`coalesce(${pageSize}, ${postsPerPage})`;

// drizzle's .limit() and .offset() write an SQL fragment as they write a placeholder; only their types say otherwise.
/** A page's LIMIT: the size asked for, or the settings' posts per page. */
export const pageLimit = (pageSize: Placeholder | ListPageSize): Placeholder => sizeOf(pageSize) as unknown as Placeholder;
/** A page's OFFSET (pages count from 1): the rows of the pages before it. */
export const pageOffsetOf = (page: Placeholder | number, pageSize: Placeholder | ListPageSize): Placeholder =>
  sql`(${page} - 1) * ${sizeOf(pageSize)}` as unknown as Placeholder;

/** The settings row, read in a list's batch for its answer's `pageSize`. */
export const postsPerPageRead = siteRowRead;

/** The answer's page size: the one asked for, else the settings' as the batch read it (the row always exists: migration 0015). */
export const answeredPageSize = (asked: ListPageSize, [setting]: SiteRow[]): number => asked ?? setting?.s.postsPerPage ?? PUBLIC_PAGE_SIZE;
