// The mail a post's author gets for each new comment on it (product.md §18): who wrote it, what they wrote,
// whether it waits for moderation, and the links to the post and to /admin/comments.
import { pathTo } from '../../contracts/routes';
import { composeMail, type Recipient } from '../lib/mail-messages';
import type { MailWriter } from '../lib/mailer';

export const newCommentMail =
  (to: Recipient, post: { title: string; slug: string }, comment: { name: string; body: string; status: 'pending' | 'approved' }): MailWriter =>
  (site, siteName) =>
    composeMail(siteName, to, `New comment on “${post.title}” from ${comment.name}`, [
      `${comment.name} commented on your post “${post.title}”${comment.status === 'pending' ? '; it waits for moderation before readers see it' : ''}:`,
      comment.body,
      comment.status === 'pending'
        ? { link: site.link(`${pathTo('admin-comments')}?status=pending`), words: 'Approve or remove it' }
        : { link: site.link(`${pathTo('post', { slug: post.slug })}#comments`), words: 'Read it on the post' },
    ]);
