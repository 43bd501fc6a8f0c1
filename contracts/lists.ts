// Lists (product.md §5): every list answers `{items, page, pageSize, total}`; `page` is a whole number from 1.
import { z } from 'zod';

export const PUBLIC_PAGE_SIZE = 12;
export const ADMIN_PAGE_SIZE = 25;
/** Pages beyond this are refused (400) rather than sent to SQLite as a huge OFFSET. */
export const MAX_PAGE = 10_000;

/** One page of a list. `total` counts every matching item, so pages = ceil(total / pageSize). */
export interface ListPage<T> {
  items: T[];
  page: number;
  pageSize: number;
  total: number;
}

/** `?page=` as it arrives in a query string: digits only, 1…MAX_PAGE; absent means 1. */
export const PageParamSchema = z
  .string()
  .regex(/^[0-9]{1,6}$/, 'Page must be a whole number from 1')
  .transform(Number)
  .refine((n) => n >= 1, 'Page must be a whole number from 1')
  .refine((n) => n <= MAX_PAGE, `Page must be at most ${MAX_PAGE}`)
  .optional()
  .transform((n) => n ?? 1);

/** A query string that carries only `?page=` (other parameters are ignored, not refused). */
export const PageQuerySchema = z.object({ page: PageParamSchema });
export type PageQuery = z.output<typeof PageQuerySchema>;

export const pageCount = (list: Pick<ListPage<unknown>, 'total' | 'pageSize'>): number =>
  Math.max(1, Math.ceil(list.total / list.pageSize));
