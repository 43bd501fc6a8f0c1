// Posts: input schemas shared by the editor and the Worker, and the response shapes.
// Public pages should `import type` from here (the schemas pull zod in); status helpers live in ./post-status.
import { z } from 'zod';
import { SLUG_MAX, SLUG_MESSAGE, SLUG_PATTERN, SlugSchema, SlugTextSchema } from './slug';
import { PageParamSchema } from './lists';
import { POST_STATUSES, type PostStatus } from './post-status';
import { isSingleLineText, singleLineTextSchema } from './text';
import { clearableImageUrl } from './users';
import { USERNAME_CHARS, USERNAME_MAX } from './username-rule';
import { BODY_MAX, COVER_ALT_MAX, EXCERPT_MAX, SEARCH_MAX, TITLE_MAX } from './limits';
import { PostTagsInputSchema } from './tags';
import { SeoInputSchema } from './seo';
import type {
  FeaturedResponseSchema,
  PostAuthorRefSchema,
  PostCategoryRefSchema,
  PostListResponseSchema,
  PostMovedResponseSchema,
  PostResponseSchema,
  PostSchema,
  PostSearchHitSchema,
  PostSearchResponseSchema,
  PostSummarySchema,
  PreviewResponseSchema,
} from './post-responses';

export type { PostStatus } from './post-status';


const EARLIEST = Date.UTC(1970, 0, 1);
const LATEST = Date.UTC(9999, 11, 31);

export const PostStatusSchema = z.enum(POST_STATUSES, { error: 'Status must be draft, pending or published' });

export const PostTitleSchema = singleLineTextSchema('Title', TITLE_MAX);

export const PostBodySchema = z.string({ error: 'Body must be text' }).max(BODY_MAX, `Body must be at most ${BODY_MAX.toLocaleString('en')} characters`);

/** Empty means "make one from the body" (its first ~160 characters of plain text). */
export const PostExcerptSchema = z
  .string({ error: 'Excerpt must be text' })
  .trim()
  .max(EXCERPT_MAX, `Excerpt must be at most ${EXCERPT_MAX} characters`);

/** An https:// URL or an uploaded `/media/…` path; null or '' means none. */
export const CoverImageSchema = clearableImageUrl('Cover image', 'Cover image must be text');

/** The cover's alt text, what a reader who cannot see the image is told; '' is shown as alt="" (see `coverDecorative`). */
export const CoverAltSchema = z
  .string({ error: 'Alt text must be text' })
  .trim()
  .max(COVER_ALT_MAX, `Alt text must be at most ${COVER_ALT_MAX} characters`)
  .refine(isSingleLineText, 'Alt text must not contain control characters');

/** The cover is decorative on purpose: shown with alt="" and its alt text not asked for (decision 066). */
export const CoverDecorativeSchema = z.boolean({ error: 'Decorative must be true or false' });

/** ISO 8601 with a time zone (`2026-05-01T09:00:00Z` or `…+02:00`); null = "now" when publishing. */
export const PublishedAtSchema = z
  .iso.datetime({ offset: true, error: 'Publish date must be an ISO 8601 date and time with a time zone' })
  .refine((s) => {
    const t = Date.parse(s);
    return t >= EARLIEST && t <= LATEST;
  }, 'Publish date is out of range')
  .nullable();

/** A hand-set slug; '' means "make one from the title". */
export const PostSlugInputSchema = SlugTextSchema.max(SLUG_MAX, `Slug must be at most ${SLUG_MAX} characters`)
  .refine((s) => s === '' || SLUG_PATTERN.test(s), SLUG_MESSAGE)
  .transform((s) => (s === '' ? undefined : s));

const AuthorUsernameSchema = z
  .string({ error: 'Author must be a username' })
  .trim()
  .toLowerCase()
  .min(1, 'Author is required')
  .max(USERNAME_MAX, 'Author must be a username')
  .regex(USERNAME_CHARS, 'Author must be a username');

export const VersionSchema = z
  .number({ error: 'Version must be a number' })
  .int('Version must be a whole number')
  .min(1, 'Version must be at least 1')
  .max(2_147_483_647, 'Version is too large');

const postFields = {
  title: PostTitleSchema,
  body: PostBodySchema,
  /** A category slug; it must exist (else 422 fields.category). */
  category: SlugSchema,
  status: PostStatusSchema,
  excerpt: PostExcerptSchema.optional(),
  coverImage: CoverImageSchema.optional(),
  coverAlt: CoverAltSchema.optional(),
  coverDecorative: CoverDecorativeSchema.optional(),
  publishedAt: PublishedAtSchema.optional(),
  slug: PostSlugInputSchema.optional(),
  /** Tag names in order (created on first use); absent on PUT keeps the post's tags. */
  tags: PostTagsInputSchema.optional(),
  /** Admins only (else 403, unless it names the sender): the author's username. */
  author: AuthorUsernameSchema.optional(),
  /** Meta title, meta description, social image, canonical URL, noindex (contracts/seo.ts): each absent keeps, '' or null clears. */
  seo: SeoInputSchema.optional(),
  /** Whether readers may comment on it (product.md §18); absent keeps (on for a new post). */
  commentsOpen: z.boolean({ error: 'Allow comments must be true or false' }).optional(),
  /** Also send the post by email to every active subscriber, once ever (decision 069): only when it is published now. */
  sendEmail: z.literal(true, { error: 'sendEmail may only be true' }).optional(),
};

/** A published post or page needs a body (422 fields.body). */
export function publishingNeedsBody(v: { status: PostStatus; body: string }, ctx: z.RefinementCtx): void {
  if (v.status === 'published' && v.body.trim() === '') {
    ctx.addIssue({ code: 'custom', path: ['body'], message: 'Write something before publishing' });
  }
}

/**
 * `POST /api/posts`. Rules of the optional fields (PUT alike):
 * On PUT an absent optional field keeps its current value; otherwise:
 * - `excerpt` absent (POST) or '' → made from the body; an excerpt that is still the one made from the
 *   old body (sent back unchanged or absent) is made again from the new body;
 * - `coverImage` absent (POST), null or '' → none;
 * - `coverAlt` absent (POST) or '' → none (alt=""); a post without a cover has no alt text either;
 * - `coverDecorative` absent → false (POST) or kept (PUT); true stores `coverAlt` as '' (the cover is shown with
 *   alt="" and the pre-publish check does not ask for its alt text); a post without a cover is never decorative;
 * - `publishedAt`: a date is stored as given (a future one schedules the post). Otherwise republishing
 *   keeps the original publication date: with status `published`, absent keeps the date
 *   of a post that stays published (a schedule included); absent or null on a post that was published
 *   before (its date reached) keeps that date, and a post never published (or only scheduled) gets now.
 *   With status `draft`, absent keeps the current value; null drops a schedule but keeps a date reached.
 *   "Publish now" should send `publishedAt: null`;
 * - `slug` absent or '' → made from the title (POST) or kept (PUT); a taken hand-set slug → 409 fields.slug;
 * - `author` absent → the sender (POST) or kept (PUT);
 * - `seo` absent keeps every SEO field (none on POST); within it, an absent field keeps, '' or null clears.
 */
export const PostInputSchema = z.strictObject(postFields).superRefine(publishingNeedsBody);
export type PostInput = z.input<typeof PostInputSchema>;
export type PostInputData = z.output<typeof PostInputSchema>;

/** `PUT /api/posts/:slug`: the post input plus the `version` the editor loaded; stale → 409, nothing changes. */
export const PostUpdateInputSchema = z.strictObject({ ...postFields, version: VersionSchema }).superRefine(publishingNeedsBody);
export type PostUpdateInput = z.input<typeof PostUpdateInputSchema>;
export type PostUpdateInputData = z.output<typeof PostUpdateInputSchema>;

/** An empty filter (`?category=` from a form) means no filter. */
const optionalFilter = <T extends z.ZodType<unknown, string>>(schema: T) =>
  z
    .string()
    .optional()
    .transform((s) => (s === undefined || s.trim() === '' ? undefined : s))
    .pipe(schema.optional());

/** `GET /api/posts` query: `?page=&category=&author=&tag=&q=`; q longer than SEARCH_MAX → 400 fields.q; blank filters are ignored. */
export const PostListQuerySchema = z.object({
  page: PageParamSchema,
  category: optionalFilter(SlugSchema),
  author: optionalFilter(AuthorUsernameSchema),
  /** A tag slug; an unknown one matches nothing. */
  tag: optionalFilter(SlugSchema),
  q: z
    .string({ error: 'Search must be text' })
    .max(SEARCH_MAX, `Search must be at most ${SEARCH_MAX} characters`)
    .optional()
    .transform((s) => (s === undefined || s.trim() === '' ? undefined : s)),
});
export type PostListQuery = z.input<typeof PostListQuerySchema>;

export const PostSlugParamSchema = z.object({ slug: z.string().min(1).max(200) });

// The answers' shapes are inferred from their schemas in post-responses.ts (what /api/openapi.json shows).
export type PostCategoryRef = z.infer<typeof PostCategoryRefSchema>;
export type PostAuthorRef = z.infer<typeof PostAuthorRefSchema>;
/** A post in lists (no body). Dates are ISO 8601; publishedAt is null for a draft that never had one. */
export type PostSummary = z.infer<typeof PostSummarySchema>;
/** A whole post: the Markdown `body` (for the editor) and `bodyHtml`, the sanitized HTML to show readers. */
export type Post = z.infer<typeof PostSchema>;
/**
 * An item of `GET /api/posts?q=…`: the summary plus `snippetHtml`, a passage around the match as
 * HTML-escaped text in which the only markup is `<mark>…</mark>` around matched terms. It is safe to
 * render with dangerouslySetInnerHTML; nothing else in the API is HTML except Post.bodyHtml.
 */
export type PostSearchHit = z.infer<typeof PostSearchHitSchema>;
/**
 * `GET /api/posts?q=…` → a page of hits, best first. Matches are counted only up to a cap (search
 * stays fast at any size): when more match, `total` is the cap, `totalCapped` is true ("1000+") and
 * the hits come newest first instead of ranked.
 */
export type PostSearchResponse = z.infer<typeof PostSearchResponseSchema>;
/** `GET /api/posts` → a page of summaries, newest first; with `q`, a PostSearchResponse. */
export type PostListResponse = z.infer<typeof PostListResponseSchema>;
/** `GET|PUT /api/posts/:slug`, `POST /api/posts` (201). */
export type PostResponse = z.infer<typeof PostResponseSchema>;
/**
 * `GET /api/posts/:old` for an old slug of a post the caller may see: 301 with `Location: /api/posts/:new`
 * and this body (fetch follows the Location; a client that does not can read it).
 */
export type PostMovedResponse = z.infer<typeof PostMovedResponseSchema>;
/** `GET /api/featured` → the published featured posts in the admin's order (at most 12; the home page shows 6). */
export type FeaturedResponse = z.infer<typeof FeaturedResponseSchema>;
export const HOME_FEATURED_COUNT = 6;
export const FEATURED_MAX = 12;

/** `POST /api/posts/preview` {body} → the HTML readers would get for that Markdown (signed-in users only). */
export const PreviewInputSchema = z.strictObject({ body: PostBodySchema });
export type PreviewInput = z.input<typeof PreviewInputSchema>;
export type PreviewResponse = z.infer<typeof PreviewResponseSchema>;
