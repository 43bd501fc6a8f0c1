// The benchmark's comments: most visible posts have a few approved ones; the newest visible post (the one the
// bench reads) has a long thread with replies; some are held (pending) or spam, which no page may show. Written as
// SQL after the posts, with explicit ids so replies can name their parent; migration 0026's triggers keep each
// post's comment_count as the comment API would.
import { commentEmailKey } from '../../../contracts/comments';
import { renderCommentMarkdown } from '../../../worker/lib/markdown';
import { sqlValue } from '../d1-local';
import { insertsOf, postState, publishedAtOf, type DatasetOptions } from './dataset';

/** Approved comments on the post the bench reads, and how many of them are replies (every REPLY_EVERY-th). */
export const THREAD_APPROVED = 50;
const REPLY_EVERY = 5;
const THREAD_HELD = 3;
const THREAD_SPAM = 2;
/** Other visible posts: n % 4 approved comments (0–3), one held on every 10th, one spam on every 20th. */
const FEW_APPROVED = 4;
const HELD_EVERY = 10;
const SPAM_EVERY = 20;
/** Words only a held or spam comment says: the post's page must never contain them. */
export const HIDDEN_COMMENT_MARK = 'unmoderated-comment';
/** Words every approved comment says, once: the post's page shows exactly THREAD_APPROVED of them. */
export const APPROVED_COMMENT_MARK = 'reader-remark';
const ROWS_PER_INSERT = 100;
const MINUTE_MS = 60 * 1000;

/** The newest post readers see: the post the bench measures (and the first one /api/posts lists). */
export function newestVisiblePost(posts: number): number {
  for (let n = posts; n >= 1; n--) if (postState(n) === 'visible') return n;
  throw new Error(`No visible post among ${posts}`);
}

export type CommentStatus = 'approved' | 'pending' | 'spam';

/** One comment: on post n, a reply to the `replyTo`-th comment of that post (0-based) or top level. */
export interface PlannedComment {
  status: CommentStatus;
  replyTo: number | null;
}

/** Post n's comments in the order they were written. */
export function commentsOf(n: number, posts: number): PlannedComment[] {
  if (postState(n) !== 'visible') return [];
  const thread = n === newestVisiblePost(posts);
  const planned: PlannedComment[] = [];
  let lastTopLevel = 0;
  for (let i = 0; i < (thread ? THREAD_APPROVED : n % FEW_APPROVED); i++) {
    const reply = i % REPLY_EVERY === REPLY_EVERY - 1;
    if (!reply) lastTopLevel = i;
    planned.push({ status: 'approved', replyTo: reply ? lastTopLevel : null });
  }
  const held = thread ? THREAD_HELD : n % HELD_EVERY === 0 ? 1 : 0;
  const spam = thread ? THREAD_SPAM : n % SPAM_EVERY === 0 ? 1 : 0;
  for (let i = 0; i < held; i++) planned.push({ status: 'pending', replyTo: null });
  for (let i = 0; i < spam; i++) planned.push({ status: 'spam', replyTo: null });
  return planned;
}

/** How many comments of each status the data set of `posts` posts holds. */
export function countComments(posts: number): Record<CommentStatus, number> {
  const counts: Record<CommentStatus, number> = { approved: 0, pending: 0, spam: 0 };
  for (let n = 1; n <= posts; n++) for (const c of commentsOf(n, posts)) counts[c.status]++;
  return counts;
}

/** Matches each approved comment of post n once: its text names its number. */
export const approvedCommentPattern = (n: number): RegExp => new RegExp(`${APPROVED_COMMENT_MARK} on post ${n}, number \\d+`);

function commentBody(status: CommentStatus, n: number, i: number): string {
  if (status === 'approved') return `A ${APPROVED_COMMENT_MARK} on post ${n}, number ${i + 1}: thank you, this was *useful*.`;
  return `An ${HIDDEN_COMMENT_MARK} (${status}) on post ${n}: buy cheap watches.`;
}

/**
 * INSERT statements for the comments of posts `from`…`to` (post n has id n), ids from `firstId`, and the id after
 * the last. Each comment is written a minute after the one before it, from the post's publish time.
 */
export function commentsSql(from: number, to: number, opts: DatasetOptions & { firstId: number }): { sql: string; nextId: number } {
  const columns = 'id, post_id, parent_id, name, email, email_key, body, body_html, status, created_at, updated_at';
  const rows: string[] = [];
  let id = opts.firstId;
  for (let n = from; n <= to; n++) {
    const firstOfPost = id;
    commentsOf(n, opts.posts).forEach((c, i) => {
      const reader = (n + i) % 97;
      const email = `reader${reader}@bench.invalid`;
      const body = commentBody(c.status, n, i);
      const at = publishedAtOf(n, opts) + (i + 1) * MINUTE_MS;
      const parent = c.replyTo === null ? null : firstOfPost + c.replyTo;
      const values = [id++, n, parent, `Reader ${reader}`, email, commentEmailKey(email), body, renderCommentMarkdown(body), c.status, at, at];
      rows.push(`(${values.map(sqlValue).join(', ')})`);
    });
  }
  return { sql: insertsOf('comments', columns, rows, ROWS_PER_INSERT), nextId: id };
}
