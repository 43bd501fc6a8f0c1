// A post's comments, after its body (product.md §18): the approved ones threaded one level deep, each reply's
// author marked when it is the post's, their count, and the form — or "Comments are closed".
import type { PublicComment, PublicCommentList } from '../../../../contracts/comments';
import { COMMENT_FORM_ID, REPLY_TO_PARAM } from '../../../../contracts/form-posts';
import { useDates } from '../../../components/format';
import { Prose } from '../../../components/prose';
import { useSite } from '../../../lib/site';
import { CommentForm, useReplyTarget } from './comment-form';
import { threadsOf } from './comment-threads';

function CommentItem({ comment, replyable }: { comment: PublicComment; replyable: boolean }) {
  const { formatDateTime } = useDates();
  return (
    <article id={`comment-${comment.id}`} className="comment" aria-labelledby={`comment-${comment.id}-by`}>
      <header className="comment-meta">
        <strong id={`comment-${comment.id}-by`}>{comment.name}</strong>
        {comment.byAuthor ? <span className="badge">Author</span> : null}
        <time dateTime={comment.createdAt}>{formatDateTime(comment.createdAt)}</time>
      </header>
      {/* bodyHtml is rendered and sanitised by the Worker at write time (no raw HTML, safe links only). */}
      <Prose html={comment.bodyHtml} />
      {replyable ? (
        <a className="comment-reply" href={`?${REPLY_TO_PARAM}=${comment.id}#${COMMENT_FORM_ID}`}>
          Reply<span className="visually-hidden"> to {comment.name}</span>
        </a>
      ) : null}
    </article>
  );
}

export interface CommentsSectionProps {
  slug: string;
  commentsOpen: boolean;
  comments: PublicCommentList;
  turnstileSiteKey: string | null;
}

export function CommentsSection({ slug, commentsOpen, comments, turnstileSiteKey }: CommentsSectionProps) {
  const site = useSite();
  const siteOn = site.comments !== false;
  const threads = threadsOf(comments.items);
  const open = siteOn && commentsOpen;
  const replyingTo = useReplyTarget(threads.map((t) => t.comment));
  if (!siteOn && comments.items.length === 0) return null;
  const count = comments.items.length;
  return (
    <section id="comments" className="comments" aria-labelledby="comments-title">
      <h2 id="comments-title">{count === 0 ? 'Comments' : `${count} ${count === 1 ? 'comment' : 'comments'}`}</h2>
      {threads.length > 0 ? (
        <ol className="comment-list">
          {threads.map(({ comment, replies }) => (
            <li key={comment.id}>
              <CommentItem comment={comment} replyable={open} />
              {replies.length > 0 ? (
                <ol className="comment-replies">
                  {replies.map((reply) => (
                    <li key={reply.id}>
                      <CommentItem comment={reply} replyable={false} />
                    </li>
                  ))}
                </ol>
              ) : null}
            </li>
          ))}
        </ol>
      ) : open ? (
        <p className="muted">No comments yet.</p>
      ) : null}
      {open ? <CommentForm slug={slug} replyingTo={replyingTo} turnstileSiteKey={turnstileSiteKey} /> : <p className="muted">Comments are closed.</p>}
    </section>
  );
}
