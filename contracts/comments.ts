// Comments (product.md §18, §19; decision 068): the input a reader and a moderator send, what the API answers,
// and the rules both sides ask — who moderates which comment, who sees a commenter's email, which emails count
// as one person's. The Worker enforces them on every call; the web asks them only to decide what to show.
import { z } from 'zod';
import { honeypotField } from './honeypot';
import { listPageSchema, PageParamSchema } from './lists';
import { can } from './permissions';
import { hasNoBidiControls, singleLineTextSchema } from './text';
import { turnstileField } from './turnstile';
import { COMMENT_BODY_MAX, NAME_MAX } from './limits';

export const COMMENT_STATUSES = ['pending', 'approved', 'spam', 'trash'] as const;
export type CommentStatus = (typeof COMMENT_STATUSES)[number];
const EMAIL_MAX = 254;
/** Ids a bulk action takes at once (D1 binds at most 100 parameters). */
export const COMMENT_BULK_MAX = 50;

const IsoDateSchema = z.iso.datetime();

type Someone = { role: number } | null | undefined;

/**
 * Who may moderate a comment (see it in /admin/comments, approve, edit, reply, delete): whoever may moderate
 * every comment (admins, editors: `comments.moderate`), and the post's author on their own posts' comments.
 */
export const mayModerateComment = (user: Someone, isPostAuthor: boolean): boolean => can(user, 'comments.moderate') || (user != null && isPostAuthor);

/** Whether `user` sees commenters' emails: moderators of every comment only (a post's author sees names). */
export const seesCommenterEmail = (user: Someone): boolean => can(user, 'comments.moderate');

/**
 * The email as one person's, for "has this email an approved comment": lower-cased, trimmed, without a
 * `+tag` in the local part (a@x and a+blog@x are one mailbox).
 */
export function commentEmailKey(email: string): string {
  const lower = email.trim().toLowerCase();
  const at = lower.lastIndexOf('@');
  if (at < 1) return lower;
  const local = lower.slice(0, at).split('+', 1)[0] || lower.slice(0, at);
  return `${local}${lower.slice(at)}`;
}

/** A comment id: a positive whole number, as JSON sends it or as a form (or a path) does. */
export const CommentIdSchema = z.union([
  z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  z.string().regex(/^[1-9][0-9]{0,14}$/, 'Must be a comment id').transform(Number),
]);

const CommentBodySchema = z
  .string({ error: 'Comment is required' })
  .trim()
  .min(1, 'Write a comment first')
  .max(COMMENT_BODY_MAX, `A comment must be at most ${COMMENT_BODY_MAX} characters`)
  .refine(hasNoBidiControls, 'The comment must not contain control characters');

/** '' as a form sends an empty field: absent. */
const blankAsAbsent = (v: unknown) => (v === '' ? undefined : v);

/**
 * `POST /api/posts/:slug/comments`. `name` and `email` are required from visitors and ignored for a signed-in
 * user, who comments as themselves (the Worker says which is missing: 422). `parentId`: a reply.
 */
export const CommentInputSchema = z.strictObject({
  name: z.preprocess(blankAsAbsent, singleLineTextSchema('Name', NAME_MAX).optional()),
  email: z.preprocess(
    blankAsAbsent,
    z.string().trim().toLowerCase().max(EMAIL_MAX, `Email must be at most ${EMAIL_MAX} characters`).pipe(z.email('Enter a valid email address')).optional(),
  ),
  body: CommentBodySchema,
  parentId: z.preprocess(blankAsAbsent, CommentIdSchema.optional()),
  ...honeypotField,
  ...turnstileField,
});
export type CommentInput = z.output<typeof CommentInputSchema>;

/** An approved comment as readers get it: never an email. `byAuthor`: written by the post's author, signed in. */
export const PublicCommentSchema = z.object({
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  name: z.string(),
  bodyHtml: z.string(),
  createdAt: IsoDateSchema,
  byAuthor: z.boolean(),
});
export type PublicComment = z.infer<typeof PublicCommentSchema>;
export const PublicCommentListSchema = z.object({ items: z.array(PublicCommentSchema) });
export type PublicCommentList = z.infer<typeof PublicCommentListSchema>;

/** `201 {id, status}`: `pending` (held for moderation) or `approved` (shown at once). */
export const CommentCreatedSchema = z.object({ id: z.number().int(), status: z.enum(['pending', 'approved']) });
export type CommentCreated = z.infer<typeof CommentCreatedSchema>;

/** A comment in /admin/comments: `email` null for a moderator who may not see it (a post's author). */
export const AdminCommentSchema = PublicCommentSchema.extend({
  email: z.string().nullable(),
  body: z.string(),
  status: z.enum(COMMENT_STATUSES),
  post: z.object({ slug: z.string(), title: z.string() }),
});
export type AdminComment = z.infer<typeof AdminCommentSchema>;

export const CommentCountsSchema = z.object({ pending: z.number().int(), approved: z.number().int(), spam: z.number().int(), trash: z.number().int() });
export type CommentCounts = z.infer<typeof CommentCountsSchema>;
export const AdminCommentListSchema = listPageSchema(AdminCommentSchema).extend({ counts: CommentCountsSchema });
export type AdminCommentList = z.infer<typeof AdminCommentListSchema>;
export const AdminCommentResponseSchema = z.object({ comment: AdminCommentSchema });

/** `GET /api/admin/comments?status=&post=&page=`: one status (pending when absent), optionally one post (its slug). */
export const AdminCommentQuerySchema = z.object({
  status: z.enum(COMMENT_STATUSES, { error: `Status must be one of ${COMMENT_STATUSES.join(', ')}` }).optional().default('pending'),
  post: z.string().trim().max(200, 'Post must be a post slug').optional(),
  page: PageParamSchema,
});
export type AdminCommentQuery = z.output<typeof AdminCommentQuerySchema>;

export const CommentParamSchema = z.object({ id: CommentIdSchema });

/** `PATCH /api/admin/comments/:id`: a new status, a new body, or both. */
export const CommentUpdateSchema = z
  .strictObject({ status: z.enum(COMMENT_STATUSES).optional(), body: CommentBodySchema.optional() })
  .refine((v) => v.status !== undefined || v.body !== undefined, 'Send a status, a body or both');
export type CommentUpdate = z.output<typeof CommentUpdateSchema>;

/** `POST /api/admin/comments/:id/reply`: the moderator's reply, approved at once. */
export const CommentReplySchema = z.strictObject({ body: CommentBodySchema });

export const COMMENT_BULK_ACTIONS = [...COMMENT_STATUSES, 'delete'] as const;
/** `POST /api/admin/comments/bulk`: one action (a status, or delete) on up to COMMENT_BULK_MAX comments. */
export const CommentBulkSchema = z.strictObject({
  ids: z.array(z.number().int().positive()).min(1, 'Choose at least one comment').max(COMMENT_BULK_MAX, `At most ${COMMENT_BULK_MAX} comments at once`),
  action: z.enum(COMMENT_BULK_ACTIONS, { error: `Action must be one of ${COMMENT_BULK_ACTIONS.join(', ')}` }),
});
export type CommentBulk = z.output<typeof CommentBulkSchema>;
export const CommentBulkResultSchema = z.object({ changed: z.number().int() });
