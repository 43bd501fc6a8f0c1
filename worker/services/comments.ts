// Readers' comments (product.md §18, decision 068): who may comment where, what a new comment's status is,
// and the moderators' changes — each rule once, asked by the API routes (routes/comments*.ts) and the pages.
import {
  commentEmailKey,
  mayModerateComment,
  seesCommenterEmail,
  type AdminCommentList,
  type AdminCommentQuery,
  type CommentBulk,
  type CommentCreated,
  type CommentStatus,
  type CommentUpdate,
  type PublicCommentList,
} from '../../contracts/comments';
import { ADMIN_PAGE_SIZE } from '../../contracts/list-page';
import { isVisibleToReaders } from '../../contracts/post-status';
import type { Db, SessionUser } from '../env';
import { forbidden, notFound, validationFailed } from '../lib/http-error';
import { renderCommentMarkdown } from '../lib/markdown';
import {
  deleteComments,
  emailHasApprovedComment,
  findCommentAccess,
  findCommentablePost,
  findCommentsAccess,
  findPostIdBySlug,
  insertComment,
  listApprovedComments,
  listModeratedComments,
  setCommentsStatus,
  updateComment,
  type CommentablePost,
  type CommentAccessRow,
} from '../queries/comments';
import { findSettings } from '../queries/settings';
import type { ReadContext } from './read-context';

const NO_SUCH_POST = 'No such post';
const NO_SUCH_COMMENT = 'No such comment';

/** A post readers can see, or 404 (a draft, a scheduled post, an unknown slug): the only posts with comments. */
export async function requireReadablePost(db: Db, slug: string, now: number): Promise<CommentablePost> {
  const post = await findCommentablePost(db, slug);
  if (!post || !isVisibleToReaders(post, now)) throw notFound(NO_SUCH_POST);
  return post;
}

/** Whether the site and the post both take comments. */
export async function commentsOpenOn(db: Db, post: Pick<CommentablePost, 'commentsOpen'>): Promise<boolean> {
  return post.commentsOpen && (await findSettings(db)).comments;
}

/** A post's approved comments as readers get them (never an email); 404 for a post readers cannot see. */
export async function readPostComments({ db, now }: Pick<ReadContext, 'db' | 'now'>, slug: string): Promise<PublicCommentList> {
  const post = await requireReadablePost(db, slug, now);
  return { items: await listApprovedComments(db, { postId: post.id }) };
}

/**
 * The post page's comments: one statement by the post's slug, so it joins the page's one D1 round trip; none for
 * a post readers cannot see (its author's preview) or an old slug (the page moves to the new one).
 */
export async function readPageComments({ db, now }: Pick<ReadContext, 'db' | 'now'>, slug: string): Promise<PublicCommentList> {
  return { items: await listApprovedComments(db, { slug, now }) };
}

/** 403 when the site or the post takes no comments (the post is readable: requireReadablePost came first). */
export async function requireCommentsOpen(db: Db, post: CommentablePost): Promise<void> {
  if (!(await commentsOpenOn(db, post))) throw forbidden('Comments are closed on this post');
}

/** Who the comment is from: a signed-in user as themselves, a visitor by the name and email they gave (422 when missing). */
export function commenterOf(user: SessionUser | null, input: { name?: string | undefined; email?: string | undefined }) {
  if (user) return { userId: user.id, name: user.name, email: user.email };
  const missing: Record<string, string> = {};
  if (!input.name) missing.name = 'Name is required';
  if (!input.email) missing.email = 'Email is required';
  if (input.name === undefined || input.email === undefined) throw validationFailed(missing);
  return { userId: null, name: input.name, email: input.email };
}

/**
 * The parent a reply attaches to: an approved comment of the same post; a reply to a reply attaches to that
 * reply's own parent, so threads stay one level deep (decision 068). Anything else → 422 fields.parentId.
 */
async function parentOf(db: Db, postId: number, parentId: number | undefined): Promise<number | null> {
  if (parentId === undefined) return null;
  const parent = await findCommentAccess(db, parentId);
  if (!parent || parent.postId !== postId || parent.status !== 'approved') throw validationFailed({ parentId: 'That comment cannot be replied to' });
  return parent.parentId ?? parent.id;
}

/**
 * A new comment's status: approved at once for whoever may moderate it (the post's author, editors) and for an
 * email that already has an approved comment; held for moderation otherwise.
 */
async function statusOfNew(db: Db, user: SessionUser | null, post: CommentablePost, emailKey: string): Promise<'pending' | 'approved'> {
  if (mayModerateComment(user, user?.id === post.authorId)) return 'approved';
  return (await emailHasApprovedComment(db, emailKey)) ? 'approved' : 'pending';
}

/** Stores a comment on a post that takes comments (the caller checked): its status by the rules above. */
export async function addComment(
  db: Db,
  post: CommentablePost,
  from: { userId: number | null; name: string; email: string },
  input: { body: string; parentId?: number | undefined },
  user: SessionUser | null,
): Promise<CommentCreated> {
  const parentId = await parentOf(db, post.id, input.parentId);
  const emailKey = commentEmailKey(from.email);
  const status = await statusOfNew(db, user, post, emailKey);
  const id = await insertComment(db, { postId: post.id, parentId, ...from, emailKey, body: input.body, bodyHtml: renderCommentMarkdown(input.body), status });
  return { id, status };
}

/** The comment, if `user` may moderate it; 404 otherwise (a comment on someone else's post does not exist for an author). */
export async function requireModeratedComment(db: Db, user: SessionUser, id: number): Promise<CommentAccessRow> {
  const comment = await findCommentAccess(db, id);
  if (!comment || !mayModerateComment(user, user.id === comment.postAuthorId)) throw notFound(NO_SUCH_COMMENT);
  return comment;
}

/** Whether a change to a comment shows to readers: it was or is approved (then its post's pages change). */
export const showsToReaders = (before: CommentStatus, after: CommentStatus): boolean => before === 'approved' || after === 'approved';

/** A moderator's change of status, body or both; answers the comment as it was (for what it touched). */
export async function changeComment(db: Db, user: SessionUser, id: number, patch: CommentUpdate): Promise<CommentAccessRow & { after: CommentStatus }> {
  const comment = await requireModeratedComment(db, user, id);
  const after = patch.status ?? comment.status;
  // A reply whose thread is not approved would show nowhere: it keeps its status until the parent's comes back.
  await updateComment(db, id, { ...(patch.status ? { status: patch.status } : {}), ...(patch.body !== undefined ? { body: patch.body, bodyHtml: renderCommentMarkdown(patch.body) } : {}) });
  return { ...comment, after };
}

/** A moderator's reply: their own comment, approved, in the thread of `id`. */
export async function replyToComment(db: Db, user: SessionUser, id: number, body: string): Promise<CommentCreated & { postSlug: string }> {
  const comment = await requireModeratedComment(db, user, id);
  const newId = await insertComment(db, {
    postId: comment.postId,
    parentId: comment.parentId ?? comment.id,
    userId: user.id,
    name: user.name,
    email: user.email,
    emailKey: commentEmailKey(user.email),
    body,
    bodyHtml: renderCommentMarkdown(body),
    status: 'approved',
  });
  return { id: newId, status: 'approved', postSlug: comment.postSlug };
}

/** A bulk action on comments `user` may all moderate (404 naming none if any is not theirs: nothing changes). */
export async function bulkModerate(db: Db, user: SessionUser, { ids, action }: CommentBulk): Promise<{ changed: number; touched: CommentAccessRow[] }> {
  const unique = [...new Set(ids)];
  const found = await findCommentsAccess(db, unique);
  if (found.length !== unique.length || found.some((c) => !mayModerateComment(user, user.id === c.postAuthorId))) throw notFound(NO_SUCH_COMMENT);
  const changed = action === 'delete' ? await deleteComments(db, unique) : await setCommentsStatus(db, unique, action);
  return { changed, touched: found.filter((c) => c.status === 'approved' || action === 'approved') };
}

/** Deletes a comment (its replies with it). */
export async function removeComment(db: Db, user: SessionUser, id: number): Promise<CommentAccessRow> {
  const comment = await requireModeratedComment(db, user, id);
  await deleteComments(db, [id]);
  return comment;
}

/** /admin/comments: one status's comments in `user`'s scope (every post's for moderators, their posts' for an author). */
export async function readModeratedComments({ db, user }: Pick<ReadContext, 'db' | 'user'>, query: AdminCommentQuery): Promise<AdminCommentList> {
  if (!user) throw notFound(NO_SUCH_COMMENT);
  const everyPost = mayModerateComment(user, false);
  let postId: number | null = null;
  if (query.post) {
    postId = await findPostIdBySlug(db, query.post, everyPost ? null : user.id);
    if (postId === null) throw notFound(NO_SUCH_POST);
  }
  const scope = { postId, authorId: everyPost ? null : user.id };
  const list = await listModeratedComments(db, { scope, status: query.status, page: query.page, pageSize: ADMIN_PAGE_SIZE, withEmail: seesCommenterEmail(user) });
  return { ...list, page: query.page, pageSize: ADMIN_PAGE_SIZE };
}
