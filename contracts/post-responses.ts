// What the reading and writing API answers: posts, categories, tags, the home page, revisions and uploads,
// as zod schemas. The types in posts.ts, categories.ts, tags.ts, home.ts and revisions.ts are inferred from
// these, and /api/openapi.json shows them, so the two cannot differ. Only the Worker imports this at run time.
import { NewsletterStatsSchema } from './newsletter';
import { z } from 'zod';
import { listPageSchema } from './lists';
import { POST_STATUSES } from './post-status';
import { SeoSchema } from './seo';

/** Dates in answers are ISO 8601 in UTC (`Date.toISOString()`). */
export const IsoDateSchema = z.iso.datetime();

export const TagRefSchema = z.object({ slug: z.string(), name: z.string() });

/** `postCount` counts visible published posts. */
export const TagSchema = TagRefSchema.extend({ postCount: z.number().int() });
export const TagResponseSchema = z.object({ tag: TagSchema });
export const TagListSchema = listPageSchema(TagSchema);

export const CategorySchema = z.object({ slug: z.string(), name: z.string(), description: z.string(), postCount: z.number().int() });
export const CategoryResponseSchema = z.object({ category: CategorySchema });
export const CategoryListSchema = listPageSchema(CategorySchema);

export const PostCategoryRefSchema = z.object({ slug: z.string(), name: z.string() });
export const PostAuthorRefSchema = z.object({ username: z.string(), name: z.string(), image: z.string().nullable() });

/** A post in lists (no body). publishedAt is null for a draft that never had one. */
export const PostSummarySchema = z.object({
  slug: z.string(),
  title: z.string(),
  excerpt: z.string(),
  coverImage: z.string().nullable(),
  /** The cover's alt text; '' when there is no cover or it is decorative. */
  coverAlt: z.string(),
  /** The cover is decorative on purpose (shown with alt=""); false when there is no cover. */
  coverDecorative: z.boolean(),
  /** The cover's stored pixel size when it is an upload whose size is known, else null (decision 064). */
  coverWidth: z.number().int().nullable(),
  coverHeight: z.number().int().nullable(),
  status: z.enum(POST_STATUSES),
  publishedAt: IsoDateSchema.nullable(),
  createdAt: IsoDateSchema,
  updatedAt: IsoDateSchema,
  version: z.number().int(),
  readingMinutes: z.number().int(),
  category: PostCategoryRefSchema,
  author: PostAuthorRefSchema,
  /** In the author's order. */
  tags: z.array(TagRefSchema),
  /** Approved comments (kept by triggers), and whether the post takes new ones (its switch; the site's is in settings). */
  commentCount: z.number().int(),
  commentsOpen: z.boolean(),
});

/** A whole post: the Markdown `body` (for the editor) and `bodyHtml`, the sanitized HTML to show readers. */
export const PostSchema = PostSummarySchema.extend({
  body: z.string(),
  bodyHtml: z.string(),
  /** Every SEO field present, null (noindex false) when not set (contracts/seo.ts). */
  seo: SeoSchema,
  /** The admin's shape only (`GET /api/admin/posts/:slug`), once the post was sent by email (decision 069). */
  newsletter: NewsletterStatsSchema.optional(),
});

/**
 * An item of `GET /api/posts?q=…`: the summary plus `snippetHtml`, a passage around the match as
 * HTML-escaped text in which the only markup is `<mark>…</mark>` around matched terms.
 */
export const PostSearchHitSchema = PostSummarySchema.extend({ snippetHtml: z.string() });

/** Matches are counted up to a cap: past it `total` is the cap and `totalCapped` true ("1000+"). */
export const PostSearchResponseSchema = listPageSchema(PostSearchHitSchema).extend({ totalCapped: z.boolean() });
export const PostPageSchema = listPageSchema(PostSummarySchema);

/** `GET /api/posts` → a page of summaries, newest first; with `q`, a search response. */
export const PostListResponseSchema = z.union([PostSearchResponseSchema, PostPageSchema]);
export const PostResponseSchema = z.object({ post: PostSchema });

/** `GET /api/posts/:old` for an old slug: 301 with `Location: /api/posts/:new` and this body. */
export const PostMovedResponseSchema = z.object({ redirect: z.string(), slug: z.string() });

export const FeaturedResponseSchema = z.object({ items: z.array(PostSummarySchema) });
export const PreviewResponseSchema = z.object({ html: z.string() });

export const HomeResponseSchema = z.object({
  /** The first HOME_FEATURED_COUNT featured posts readers can see, in the admin's order; empty after page 1. */
  featured: z.array(PostSummarySchema),
  /** Visible published posts newest first, without the home's featured ones, 12 a page. */
  latest: PostPageSchema,
});

/** `version` is the post version that content was; `author` is null when the account is gone. */
export const RevisionSummarySchema = z.object({
  id: z.number().int(),
  version: z.number().int(),
  title: z.string(),
  createdAt: IsoDateSchema,
  author: z.object({ username: z.string(), name: z.string() }).nullable(),
});
export const RevisionSchema = RevisionSummarySchema.extend({ excerpt: z.string(), body: z.string() });
export const RevisionListResponseSchema = z.object({ items: z.array(RevisionSummarySchema) });
export const RevisionResponseSchema = z.object({ revision: RevisionSchema });

/** `url` is a site path (`/media/<key>`), usable as a cover image or avatar as it is. */
export const MediaUploadResponseSchema = z.object({ url: z.string(), width: z.number().int().nullable(), height: z.number().int().nullable() });
