// The review's mail (product.md §15): a pending post sent back to its author with the editor's note.
import { pathTo } from '../../contracts/routes';
import { composeMail, type Recipient } from './mail-messages';
import type { MailWriter } from './mailer';

/** "Your post was returned": the editor's note, word for word, and the link back to the post's editor. */
export const postReturnedMail =
  (to: Recipient, post: { title: string; slug: string }, note: string, editorName: string): MailWriter =>
  (site, siteName) =>
    composeMail(siteName, to, `Your post “${post.title}” was returned for changes`, [
      `${editorName} reviewed your post “${post.title}” and returned it to you as a draft, with this note:`,
      note,
      'Make your changes, then submit it for review again:',
      { link: site.link(pathTo('edit-post', { slug: post.slug })), words: 'Edit your post' },
    ]);
