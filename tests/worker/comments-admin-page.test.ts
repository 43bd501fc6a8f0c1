// /admin/comments rendered by the Worker: a moderator sees the pending tab with counts, the comment, its email
// and its actions; a role without `comments.moderate` gets the 403 page (they moderate through the API).
import { describe, expect, it } from 'vitest';
import { ROLE_EDITOR } from '../../contracts/roles';
import { callAs } from './admin-kit';
import { createUser } from './factories';
import { commentOn, postWithAuthor, visitorComment } from './comments-kit';

describe('the /admin/comments page', () => {
  it('an editor: the pending tab with its count, the comment with its email and post, approve/spam/trash/edit/delete', async () => {
    const editor = await createUser({ role: ROLE_EDITOR });
    const { post } = await postWithAuthor();
    const body = visitorComment({ body: 'Waiting words' });
    await commentOn(post.slug, body);
    const res = await callAs(editor, `/admin/comments?status=pending&post=${post.slug}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('Pending (1)');
    expect(html).toContain('Waiting words');
    expect(html).toContain(String(body.email));
    expect(html).toContain(post.title);
    for (const action of ['Approve', 'Spam', 'Trash', 'Edit', 'Delete']) expect(html).toContain(`${action}<span class="visually-hidden">`);
  });

  it('an author: the 403 page at /admin/comments; /profile/comments lists their posts’ comments without emails, no one else’s', async () => {
    const { author, post } = await postWithAuthor();
    const other = await postWithAuthor();
    const body = visitorComment({ body: 'For the author' });
    await commentOn(post.slug, body);
    await commentOn(other.post.slug, visitorComment({ body: 'For someone else' }));
    expect((await callAs(author, '/admin/comments')).status).toBe(403);
    const res = await callAs(author, '/profile/comments');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('For the author');
    expect(html).not.toContain('For someone else');
    expect(html).not.toContain(String(body.email));
    expect((await callAs(null, '/profile/comments')).status).toBe(302); // to the login page
  });
});
