// Categories: the public shape, and the admin input.
import { z } from 'zod';
import { SlugSchema } from './slug';
import { singleLineTextSchema } from './text';
import type { CategoryResponseSchema, CategorySchema } from './post-responses';
import { CATEGORY_DESCRIPTION_MAX, CATEGORY_NAME_MAX } from './limits';


/** `GET /api/categories` items and `GET /api/categories/:slug` → `{category}`; postCount counts visible published posts. */
export type Category = z.infer<typeof CategorySchema>;

export type CategoryResponse = z.infer<typeof CategoryResponseSchema>;

/** `GET /api/categories` answers `ListPage<Category>`, sorted by name, this many a page. */
export const CATEGORY_PAGE_SIZE = 100;

/** `:slug` in a path: any short text; one that is not a slug simply names nothing (404). */
export const CategoryParamSchema = z.object({ slug: z.string().trim().toLowerCase().min(1).max(200) });

/** Admin input (`POST|PUT /api/admin/categories…`): `{name, slug?, description?}`; no slug → made from the name. */
export const CategoryInputSchema = z.strictObject({
  name: singleLineTextSchema('Name', CATEGORY_NAME_MAX),
  slug: SlugSchema.optional(),
  description: z.string({ error: 'Description must be text' }).trim().max(CATEGORY_DESCRIPTION_MAX, `Description must be at most ${CATEGORY_DESCRIPTION_MAX} characters`).optional(),
});
export type CategoryInput = z.input<typeof CategoryInputSchema>;
