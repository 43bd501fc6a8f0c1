// Paging, written once for every list query: which rows a page skips, and rows + count as a ListPage.
import type { ListPage } from '../../contracts/list-page';

export interface PageRequest {
  page: number;
  pageSize: number;
}

/** Rows before the page (pages count from 1): the query's OFFSET, with LIMIT pageSize. */
export const pageOffset = (p: PageRequest): number => (p.page - 1) * p.pageSize;

/** A page's rows and its count query's result (`[{ n }]`, or no row: 0) as the contract's ListPage. */
export const toListPage = <T>(items: T[], [total]: { n: number }[], p: PageRequest): ListPage<T> => ({
  items,
  page: p.page,
  pageSize: p.pageSize,
  total: Number(total?.n ?? 0),
});
