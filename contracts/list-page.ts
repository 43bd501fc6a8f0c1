// Lists: every list answers `{items, page, pageSize, total}`; `page` is a whole number
// from 1. Plain code without zod, so the browser's entry can count pages without it (lists.ts has the schemas).

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

export const pageCount = (list: Pick<ListPage<unknown>, 'total' | 'pageSize'>): number =>
  Math.max(1, Math.ceil(list.total / list.pageSize));
