// Standalone pages (product.md §14, §19): About, Contact, Privacy — written in the post editor, served at
// `/:slug`, in no list, feed or search. Input schemas shared by the page editor and the Worker, and the
// shapes the API answers.
import { z } from 'zod';
import { listPageSchema } from './lists';
import { isReservedPageSlug, PAGE_SLUG_RESERVED } from './page-slugs';
import { IsoDateSchema } from './post-responses';
import { PostBodySchema, PostSlugInputSchema, PostTitleSchema, publishingNeedsBody, VersionSchema } from './posts';
import { SeoInputSchema, SeoSchema } from './seo';
import { SlugSchema } from './slug';

export const PAGE_STATUSES = ['draft', 'published'] as const;
export type PageStatus = (typeof PAGE_STATUSES)[number];
export const PageStatusSchema = z.enum(PAGE_STATUSES, { error: 'Status must be draft or published' });

/** A hand-set slug ('' makes one from the title): a post's rule, and never an address the site keeps. */
export const PageSlugInputSchema = PostSlugInputSchema.refine((s) => s === undefined || !isReservedPageSlug(s), PAGE_SLUG_RESERVED);

const pageFields = {
  title: PostTitleSchema,
  body: PostBodySchema,
  status: PageStatusSchema,
  slug: PageSlugInputSchema.optional(),
  /** Absent keeps what is stored (PUT); each field '' or null clears it. */
  seo: SeoInputSchema.optional(),
};

/** `POST /api/admin/pages`: a published page needs a body; a taken hand-set slug → 409, a reserved one → 422. */
export const PageInputSchema = z.strictObject(pageFields).superRefine(publishingNeedsBody);
export type PageInput = z.input<typeof PageInputSchema>;
export type PageInputData = z.output<typeof PageInputSchema>;

/** `PUT /api/admin/pages/:slug`: the input plus the `version` the editor loaded; stale → 409, nothing changes. */
export const PageUpdateInputSchema = z.strictObject({ ...pageFields, version: VersionSchema }).superRefine(publishingNeedsBody);
export type PageUpdateInput = z.input<typeof PageUpdateInputSchema>;
export type PageUpdateInputData = z.output<typeof PageUpdateInputSchema>;

/** `:slug` of the pages API: any slug (a reserved one simply names no page). */
export const PageSlugParamSchema = z.object({ slug: SlugSchema });

export const PageSchema = z.object({
  slug: z.string(),
  title: z.string(),
  body: z.string(),
  bodyHtml: z.string(),
  /** The body's first ~160 characters of text: the page's description when `seo.description` is not set. */
  excerpt: z.string(),
  status: PageStatusSchema,
  seo: SeoSchema,
  updatedAt: IsoDateSchema,
  version: z.number().int(),
});
export type Page = z.infer<typeof PageSchema>;

/** A row of the admin's list: no body. */
export const PageSummarySchema = PageSchema.pick({ slug: true, title: true, status: true, updatedAt: true, version: true });
export type PageSummary = z.infer<typeof PageSummarySchema>;

export const PageListSchema = listPageSchema(PageSummarySchema);
export type PageList = z.infer<typeof PageListSchema>;
