// The `?page=` query parameter of every list, on the list shape of list-page.ts.
import { z } from 'zod';
import { MAX_PAGE } from './list-page';

export { PUBLIC_PAGE_SIZE } from './list-page';
export type { ListPage } from './list-page';

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

/** The schema of one page of `item`s: what ListPage<T> describes, for the API's document and its tests. */
export const listPageSchema = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), page: z.number().int().min(1), pageSize: z.number().int().min(1), total: z.number().int().min(0) });
