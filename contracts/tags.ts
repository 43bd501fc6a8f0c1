// Tags: the public shapes, a post's tag input, and the admin's rename / merge inputs.
import { z } from 'zod';
import { SlugSchema } from './slug';
import { singleLineTextSchema } from './text';
import type { TagRefSchema, TagResponseSchema, TagSchema } from './post-responses';
import type { AdminTagResponseSchema, AdminTagSchema } from './admin-responses';
import { TAG_NAME_MAX, TAGS_MAX } from './limits';

/** A tag as a post carries it. */
export type TagRef = z.infer<typeof TagRefSchema>;

/** `GET /api/tags` items (sorted by name) and `GET /api/tags/:slug` → `{tag}`; postCount counts visible published posts. */
export type Tag = z.infer<typeof TagSchema>;

export type TagResponse = z.infer<typeof TagResponseSchema>;

/** `GET /api/tags` answers `ListPage<Tag>`, this many a page. */
export const TAG_PAGE_SIZE = 100;

/** One tag name as an author types it; a new name creates the tag, its slug made like a category's. */
export const TagNameSchema = singleLineTextSchema('Tag', TAG_NAME_MAX);

/** A post's `tags` input: 0–TAGS_MAX names, in order; repeats (case-insensitive) count once. */
export const PostTagsInputSchema = z
  .array(TagNameSchema, { error: 'Tags must be a list of names' })
  .max(TAGS_MAX, `A post may have at most ${TAGS_MAX} tags`);

/** `:slug` in a path: any short text; one that is not a slug simply names nothing (404). */
export const TagParamSchema = z.object({ slug: z.string().trim().toLowerCase().min(1).max(200) });

/** `PATCH /api/admin/tags/:slug {name?, slug?}`: rename; a taken name or slug → 409. */
export const TagUpdateInputSchema = z
  .strictObject({ name: TagNameSchema.optional(), slug: SlugSchema.optional() })
  .refine((v) => v.name !== undefined || v.slug !== undefined, 'Send a new name or slug');
export type TagUpdateInput = z.input<typeof TagUpdateInputSchema>;

/** `POST /api/admin/tags/:slug/merge {into}`: every post of `:slug` gets `into` instead; `:slug` is deleted. */
export const TagMergeInputSchema = z.strictObject({ into: SlugSchema });
export type TagMergeInput = z.input<typeof TagMergeInputSchema>;

/**
 * `GET /api/admin/tags` items (ListPage, TAG_PAGE_SIZE a page, sorted by name) and `GET /api/admin/tags/:slug`
 * → `{tag}` (unknown → 404): also counts posts of any status.
 */
export type AdminTag = z.infer<typeof AdminTagSchema>;

export type AdminTagResponse = z.infer<typeof AdminTagResponseSchema>;
