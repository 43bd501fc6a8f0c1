// Approved comments as the post page shows them: top-level comments in order, each with its replies (one level).
import type { PublicComment } from '../../../../contracts/comments';

export interface CommentThread {
  comment: PublicComment;
  replies: PublicComment[];
}

/** Threads in the order their first comment came; a reply whose parent is not shown is left out. */
export function threadsOf(comments: readonly PublicComment[]): CommentThread[] {
  const threads = new Map<number, CommentThread>();
  for (const c of comments) if (c.parentId === null) threads.set(c.id, { comment: c, replies: [] });
  for (const c of comments) if (c.parentId !== null) threads.get(c.parentId)?.replies.push(c);
  return [...threads.values()];
}
