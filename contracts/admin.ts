// The admin API: shapes and inputs under /api/admin/*, shared by the admin screens
// and the Worker. Every route here sits behind require-admin.
import { z } from 'zod';
import { LIKE_PATTERN_MAX_BYTES } from './limits';
import type {
  AdminCategoryListSchema,
  AdminCategoryResponseSchema,
  AdminCategorySchema,
  AdminPasswordResetSentSchema,
  AdminPostListSchema,
  AdminStatsSchema,
  AdminUserListSchema,
  AdminUserResponseSchema,
  AdminUserSchema,
  BulkPostResultSchema,
  BulkPostResultsSchema,
  PostAuthorListSchema,
  PostAuthorSchema,
  WeeklyCountSchema,
} from './admin-responses';
import { CategoryInputSchema } from './categories';
import { SlugSchema } from './slug';
import { PageParamSchema } from './lists';
import { FEATURED_MAX, PublishedAtSchema, VersionSchema } from './posts';
import { ROLE_ADMIN, ROLE_AUTHOR, ROLE_CONTRIBUTOR, ROLE_EDITOR, type Role } from './roles';
import { BioSchema, EmailSchema, clearableImageUrl, isPasswordIdentity, NameSchema, PasswordSchema, UsernameSchema } from './users';

export const ADMIN_PAGE_SIZE = 25;


/**
 * The `LIKE ? ESCAPE '\'` pattern that finds `text` anywhere as a plain substring: `%`, `_` and `\`
 * match only themselves. The Worker builds its filters with it; the schemas refuse text whose pattern
 * would not fit in LIKE_PATTERN_MAX_BYTES (48 bytes of plain text fit; each `%`, `_`, `\` costs one more).
 */
export const containsPattern = (text: string): string => `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

const fitsLikePattern = (text: string): boolean => new TextEncoder().encode(containsPattern(text)).length <= LIKE_PATTERN_MAX_BYTES;

/** `?q=` of the admin lists: a plain substring, blank means no filter; too long for a LIKE pattern → 400 fields.q. */
const AdminSearchSchema = z
  .string({ error: 'Search must be text' })
  .trim()
  .refine(fitsLikePattern, 'Search is too long')
  .optional()
  .transform((s) => (s === undefined || s === '' ? undefined : s));

/** An empty filter (`?status=` from a form) means no filter, as on the public lists. */
const optionalFilter = <T extends z.ZodType<unknown, string>>(schema: T) =>
  z
    .string()
    .optional()
    .transform((s) => (s === undefined || s.trim() === '' ? undefined : s))
    .pipe(schema.optional());

// ---- dashboard ----

export type WeeklyCount = z.infer<typeof WeeklyCountSchema>;

/**
 * `GET /api/admin/stats`. `published` counts posts readers see now, `scheduled` published ones with a
 * future date, `pending` those waiting for review, `authors` every role-1 account (disabled ones included),
 * `categories` all of them.
 */
export type AdminStats = z.infer<typeof AdminStatsSchema>;

// ---- posts ----

/** `pending`: the review queue (posts submitted for review). */
export const ADMIN_POST_FILTERS = ['draft', 'pending', 'published', 'scheduled'] as const;
export type AdminPostFilter = (typeof ADMIN_POST_FILTERS)[number];

/** The columns the admin posts list sorts by (`?sort=`); `updated` (the list's date) is the default. */
export const ADMIN_POST_SORTS = ['title', 'author', 'category', 'status', 'updated'] as const;
export type AdminPostSort = (typeof ADMIN_POST_SORTS)[number];
export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];
export const DEFAULT_ADMIN_POST_SORT: AdminPostSort = 'updated';

/** A column's first direction: a date newest first, text from A (status: drafts first). */
export const defaultSortDirection = (sort: AdminPostSort): SortDirection => (sort === 'updated' ? 'desc' : 'asc');

/** The admin posts list's order, its direction filled in. */
export interface AdminPostOrder {
  sort: AdminPostSort;
  dir: SortDirection;
}

/** The order `?sort=&dir=` ask for, either absent: the default column, a column's first direction. */
export function adminPostOrder(sort?: AdminPostSort, dir?: SortDirection): AdminPostOrder {
  const column = sort ?? DEFAULT_ADMIN_POST_SORT;
  return { sort: column, dir: dir ?? defaultSortDirection(column) };
}

/**
 * `GET /api/admin/posts?page=&status=&category=&author=&q=&sort=&dir=` → `ListPage<PostSummary>`, 25 a page.
 * `sort` (default `updated`) orders by title, the author's name, the category's name (case-insensitively),
 * status (drafts, then published) or the updated date; `dir` `asc|desc` defaults to the column's first
 * direction (defaultSortDirection). Within one author, category or status the newest updated come first;
 * equal titles keep creation order (the sort's direction).
 */
export const AdminPostQuerySchema = z.object({
  page: PageParamSchema,
  status: optionalFilter(z.enum(ADMIN_POST_FILTERS, { error: 'Status must be draft, pending, published or scheduled' })),
  /** A category slug; an unknown one simply matches nothing. */
  category: optionalFilter(SlugSchema),
  /** A username; an unknown one simply matches nothing. */
  author: optionalFilter(z.string().trim().toLowerCase().max(32, 'Author must be a username')),
  /** Matched against titles (a plain substring, not full-text). */
  q: AdminSearchSchema,
  sort: optionalFilter(z.enum(ADMIN_POST_SORTS, { error: `Sort must be one of ${ADMIN_POST_SORTS.join(', ')}` })),
  dir: optionalFilter(z.enum(SORT_DIRECTIONS, { error: 'Direction must be asc or desc' })),
});
export type AdminPostQuery = z.input<typeof AdminPostQuerySchema>;

/** At most this many posts in one bulk action (one admin page). */
export const BULK_POSTS_MAX = ADMIN_PAGE_SIZE;
export const BULK_POST_ACTIONS = ['publish', 'unpublish', 'delete', 'move'] as const;
export type BulkPostAction = (typeof BULK_POST_ACTIONS)[number];

/**
 * `POST /api/admin/posts/bulk {action, posts: [{slug, version}], category?}` → 200 `BulkPostResults`: each post
 * goes through the same write as its single action (PATCH or DELETE `/api/admin/posts/:slug`, or PUT with a
 * new category), on its own — one refused post (changed since the list was loaded: 409; gone: 404; an empty
 * body cannot be published: 422) leaves the others done. `publish` publishes now (republishing keeps the first
 * date), `unpublish` makes a draft and leaves the featured list, `delete` removes it (and its featured entry),
 * `move` needs `category` (an existing category slug, else 422 fields.category and nothing changes).
 * 1–25 distinct posts; anything else is 422 with nothing changed.
 */
export const BulkPostInputSchema = z
  .strictObject({
    action: z.enum(BULK_POST_ACTIONS, { error: `Action must be one of ${BULK_POST_ACTIONS.join(', ')}` }),
    posts: z
      .array(z.strictObject({ slug: SlugSchema, version: VersionSchema }), { error: 'Posts must be a list of {slug, version}' })
      .min(1, 'Choose at least one post')
      .max(BULK_POSTS_MAX, `At most ${BULK_POSTS_MAX} posts at a time`)
      .refine((p) => new Set(p.map((x) => x.slug)).size === p.length, 'A post can be named only once'),
    category: SlugSchema.optional(),
  })
  .superRefine((v, ctx) => {
    if (v.action === 'move' && v.category === undefined) ctx.addIssue({ code: 'custom', path: ['category'], message: 'Choose the category to move to' });
    if (v.action !== 'move' && v.category !== undefined) ctx.addIssue({ code: 'custom', path: ['category'], message: 'Only a move takes a category' });
  });
export type BulkPostInput = z.input<typeof BulkPostInputSchema>;
export type BulkPostInputData = z.output<typeof BulkPostInputSchema>;

/** One post's outcome in a bulk action, in the order asked: done, or the error its single action would answer. */
export type BulkPostResult = z.infer<typeof BulkPostResultSchema>;
export type BulkPostResults = z.infer<typeof BulkPostResultsSchema>;

/**
 * `GET /api/admin/authors` → `{items: PostAuthor[]}`: every account that has a post (any status), by name —
 * the choices of the posts list's author filter, whose `author` is one of these usernames.
 */
export type PostAuthor = z.infer<typeof PostAuthorSchema>;
export type PostAuthorList = z.infer<typeof PostAuthorListSchema>;

/**
 * `PATCH /api/admin/posts/:slug` → `{post}` — the list's quick actions: publish now, unpublish, schedule.
 * `publishedAt` null or absent with `published` means now; a future one schedules. With `draft`, absent
 * keeps the stored date and null clears it. The post's other fields are kept and the same rules as PUT
 * apply (e.g. an empty body cannot be published → 422 fields.body). Stale version → 409, nothing changes;
 * a post that becomes a draft leaves the featured list.
 * `GET|PUT|DELETE /api/admin/posts/:slug` behave as `/api/posts/:slug` for an admin (PUT takes `author`).
 */
export const AdminPostStatusSchema = z.strictObject({
  status: z.enum(['draft', 'published'], { error: 'Status must be draft or published' }),
  publishedAt: PublishedAtSchema.optional(),
  version: VersionSchema,
});
export type AdminPostStatusInput = z.input<typeof AdminPostStatusSchema>;

// ---- categories ----

/** An admin's view of a category: `postCount` counts visible published posts, `totalCount` every post. */
export type AdminCategory = z.infer<typeof AdminCategorySchema>;

/**
 * `GET /api/admin/categories` → `{items: AdminCategory[]}` (all, by name); `POST` {name, slug?, description?}
 * → 201 `{category}` (no slug → made from the name, `-2`, `-3`, … when taken); `GET|PUT
 * /api/admin/categories/:slug` → `{category}` (PUT: an absent slug or description keeps the current one;
 * posts keep their category); taken slug or name (any case) → 409 with the field; `DELETE` → 204, or 409
 * "N posts still use this category" (drafts count) with nothing changed.
 */
export const AdminCategoryInputSchema = CategoryInputSchema;
export type AdminCategoryList = z.infer<typeof AdminCategoryListSchema>;
export type AdminCategoryResponse = z.infer<typeof AdminCategoryResponseSchema>;

// ---- featured ----

/**
 * `GET /api/admin/featured` → `{items: PostSummary[]}` (every entry, in order, only published posts —
 * scheduled ones included: readers see them from their publish time, without anyone touching the list);
 * `PUT /api/admin/featured {slugs}` replaces the whole list atomically → the same shape.
 * At most 12, no repeats, each a published (or scheduled) post (unknown/draft → 422 fields.slugs).
 */
export const FeaturedInputSchema = z.strictObject({
  slugs: z
    .array(SlugSchema, { error: 'Slugs must be a list of post slugs' })
    .max(FEATURED_MAX, `At most ${FEATURED_MAX} posts can be featured`)
    .refine((s) => new Set(s).size === s.length, 'A post can be featured only once'),
});
export type FeaturedInput = z.input<typeof FeaturedInputSchema>;

// ---- users ----

/** An admin's view of an account. */
export type AdminUser = z.infer<typeof AdminUserSchema>;

export type AdminUserResponse = z.infer<typeof AdminUserResponseSchema>;

export type AdminUserList = z.infer<typeof AdminUserListSchema>;

export const RoleSchema = z.union([z.literal(ROLE_ADMIN), z.literal(ROLE_AUTHOR), z.literal(ROLE_EDITOR), z.literal(ROLE_CONTRIBUTOR)], {
  error: 'Role must be 0 (admin), 1 (author), 2 (editor) or 3 (contributor)',
});

/** `GET /api/admin/users?page=&q=&role=` → `AdminUserList`, 25 a page, newest first; q matches username, name or email. */
export const AdminUserQuerySchema = z.object({
  page: PageParamSchema,
  q: AdminSearchSchema,
  role: optionalFilter(z.enum(['0', '1', '2', '3'], { error: 'Role must be 0, 1, 2 or 3' })).transform((r) =>
    r === undefined ? undefined : (Number(r) as Role),
  ),
});
export type AdminUserQuery = z.input<typeof AdminUserQuerySchema>;

/** The admin's wording of isPasswordIdentity's refusal (the user is someone else). */
export const PASSWORD_IS_USER_IDENTITY = 'Password must not be the username or email';

function passwordNotIdentity(
  v: { password?: string | undefined; username?: string | undefined; email?: string | undefined },
  ctx: z.RefinementCtx,
): void {
  if (v.password !== undefined && isPasswordIdentity(v.password, v)) {
    ctx.addIssue({ code: 'custom', path: ['password'], message: PASSWORD_IS_USER_IDENTITY });
  }
}

/** `POST /api/admin/users` → 201 `{user}`; taken username/email → 409 with the field. */
export const AdminUserCreateSchema = z
  .strictObject({
    name: NameSchema,
    username: UsernameSchema,
    email: EmailSchema,
    password: PasswordSchema,
    role: RoleSchema,
    bio: z.string().trim().pipe(BioSchema).optional(),
  })
  .superRefine(passwordNotIdentity);
export type AdminUserCreate = z.input<typeof AdminUserCreateSchema>;

/**
 * `PATCH /api/admin/users/:username` → `{user}`. Disabling ends every session of the user at once (and
 * keeps the first disabled date); `disabled: false` enables. Demoting or disabling the last active admin
 * (themselves included) → 409 naming `role` or `disabled`, and nothing in the request changes.
 * A new password must not equal the user's username or email, current or new (422 fields.password); it
 * ends every session of the user — but the admin's own current one when they set their own password.
 * A taken email → 409 fields.email.
 * `DELETE /api/admin/users/:username` → 204; 409 when they have posts (drafts too) or uploaded images
 * (disable them instead), or are the last active admin.
 */
export const AdminUserUpdateSchema = z.strictObject({
  name: NameSchema.optional(),
  email: EmailSchema.optional(),
  bio: z.string().trim().pipe(BioSchema).optional(),
  image: clearableImageUrl('Image').optional(),
  role: RoleSchema.optional(),
  disabled: z.boolean({ error: 'Disabled must be true or false' }).optional(),
  password: PasswordSchema.optional(),
});
export type AdminUserUpdate = z.input<typeof AdminUserUpdateSchema>;

export type AdminPostList = z.infer<typeof AdminPostListSchema>;

/**
 * `POST /api/admin/users/:username/password-reset` (no body) → 202 `{message}`: a reset link (one hour,
 * single use, as from /forgot-password) is mailed to the user. A disabled account → 409 (enable it
 * first); unknown → 404. Nothing else about the account changes until the user uses the link.
 */
export type AdminPasswordResetSent = z.infer<typeof AdminPasswordResetSentSchema>;
