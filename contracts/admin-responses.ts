// What the admin API answers (/api/admin/*), as zod schemas: the types in admin.ts and tags.ts are inferred
// from these, and /api/openapi.json shows them. Only the Worker imports this at run time.
import { z } from 'zod';
import { ErrorBodySchema } from './error-responses';
import { listPageSchema } from './lists';
import { CategorySchema, IsoDateSchema, PostPageSchema, PostSummarySchema, TagSchema } from './post-responses';
import { MessageSchema, RoleValueSchema } from './user-responses';

/** An admin's view of an account. */
export const AdminUserSchema = z.object({
  username: z.string(),
  name: z.string(),
  email: z.string(),
  bio: z.string(),
  image: z.string().nullable(),
  role: RoleValueSchema,
  disabled: z.boolean(),
  createdAt: IsoDateSchema,
  postCount: z.number().int(),
});
export const AdminUserResponseSchema = z.object({ user: AdminUserSchema });
export const AdminUserListSchema = listPageSchema(AdminUserSchema);

/** Monday 00:00 UTC of the week, and the posts published in it. */
export const WeeklyCountSchema = z.object({ weekStart: IsoDateSchema, count: z.number().int() });

export const AdminStatsSchema = z.object({
  counts: z.object({
    published: z.number().int(),
    drafts: z.number().int(),
    scheduled: z.number().int(),
    /** Posts submitted for review: the review queue's length. */
    pending: z.number().int(),
    authors: z.number().int(),
    categories: z.number().int(),
  }),
  /** Posts published per week over the last 12 weeks, oldest first (zeros included). */
  weekly: z.array(WeeklyCountSchema),
  /** The 5 most recently updated posts of any status. */
  latestPosts: z.array(PostSummarySchema),
  /** The 5 newest accounts. */
  latestUsers: z.array(AdminUserSchema),
});

export const AdminPostListSchema = PostPageSchema;

/** One post's outcome in a bulk action, in the order asked: done, or the error its single action would answer. */
export const BulkPostResultSchema = z.union([
  z.object({ slug: z.string(), ok: z.literal(true) }),
  z.object({ slug: z.string(), ok: z.literal(false), error: ErrorBodySchema.shape.error }),
]);
export const BulkPostResultsSchema = z.object({ results: z.array(BulkPostResultSchema) });

export const PostAuthorSchema = z.object({ username: z.string(), name: z.string() });
export const PostAuthorListSchema = z.object({ items: z.array(PostAuthorSchema) });

/** `postCount` counts visible published posts, `totalCount` every post. */
export const AdminCategorySchema = CategorySchema.extend({ totalCount: z.number().int() });
export const AdminCategoryListSchema = z.object({ items: z.array(AdminCategorySchema) });
export const AdminCategoryResponseSchema = z.object({ category: AdminCategorySchema });

/** `allPostCount` counts posts carrying the tag, drafts and scheduled ones included. */
export const AdminTagSchema = TagSchema.extend({ allPostCount: z.number().int() });
export const AdminTagResponseSchema = z.object({ tag: AdminTagSchema });
export const AdminTagListSchema = listPageSchema(AdminTagSchema);

export const AdminPasswordResetSentSchema = MessageSchema;
