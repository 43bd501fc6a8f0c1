// The comment form before hydration (product.md §13): an urlencoded post to the same API path is checked by
// the same rules, and answers a 303 back to the post with its status, or the post page again with the field
// errors and what was typed; a filled honeypot gets the same 303 and nothing is stored.
import { describe, expect, it } from 'vitest';
import { call } from './helpers';
import { postForm } from './signup-kit';
import { commentsOnPost, postWithAuthor, visitorComment } from './comments-kit';

const form = (slug: string) => `/api/posts/${slug}/comments?form=comment`;

describe('the comment form posted before hydration', () => {
  it('held: 303 to the post with the moderation notice; the page then says so', async () => {
    const { post } = await postWithAuthor();
    const res = await postForm(form(post.slug), { ...visitorComment(), parentId: '', website: '' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`/details/${post.slug}?comment=pending#comment-form`);
    expect(await commentsOnPost(post.slug)).toBe(1);
    const page = await (await call(`/details/${post.slug}?comment=pending`)).text();
    expect(page).toContain('Your comment is awaiting moderation');
  });

  it('a missing field: the post page again (422) with the error and the typed comment, nothing stored', async () => {
    const { post } = await postWithAuthor();
    const res = await postForm(form(post.slug), { name: 'Ada', email: '', body: 'Kept words', website: '' });
    expect(res.status).toBe(422);
    const html = await res.text();
    expect(html).toContain('Email is required');
    expect(html).toContain('Kept words');
    expect(html).toContain(post.title);
    expect(await commentsOnPost(post.slug)).toBe(0);
  });

  it('the honeypot: the same 303, nothing stored', async () => {
    const { post } = await postWithAuthor();
    const res = await postForm(form(post.slug), { ...visitorComment(), website: 'https://spam.example' });
    expect(res.status).toBe(303);
    expect(await commentsOnPost(post.slug)).toBe(0);
  });
});
