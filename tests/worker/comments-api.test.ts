// Comments (product.md §18, §19; decision 068): who may comment where, what a new comment's status is, replies
// one level deep, the closed cases, the honeypot, the network limit, the author's mail, and the counts on posts.
import { describe, expect, it } from 'vitest';
import type { Post, PostListResponse } from '../../contracts/posts';
import { callAs } from './admin-kit';
import { call, expectError, uniqueIp } from './helpers';
import { createUser, json, updateOf } from './factories';
import { mailsTo } from './mail-outbox';
import {
  approve,
  commentOn,
  commentRow,
  commentsOnPost,
  postWithAuthor,
  readComments,
  sendComment,
  setSiteComments,
  storedCount,
  visitorComment,
} from './comments-kit';

describe('a new comment', () => {
  it('is held when its email has no approved comment, shown at once once one is approved (any case, any +tag)', async () => {
    const { author, post } = await postWithAuthor();
    const first = await commentOn(post.slug, visitorComment({ email: 'Ada+blog@Example.com', body: 'First *words*' }));
    expect(first.status).toBe('pending');
    expect((await readComments(post.slug)).items).toEqual([]);

    await approve(author, first.id);
    const [shown] = (await readComments(post.slug)).items;
    expect(shown).toEqual({ id: first.id, parentId: null, name: expect.any(String), bodyHtml: '<p>First <em>words</em></p>\n', createdAt: expect.any(String), byAuthor: false });
    expect(JSON.stringify(shown)).not.toContain('example.com'); // never an email

    const second = await commentOn(post.slug, visitorComment({ email: 'ada@example.com' }));
    expect(second.status).toBe('approved');
    expect((await readComments(post.slug)).items.map((c) => c.id)).toEqual([first.id, second.id]);
  });

  it('from a signed-in user: as themselves (name and email sent are ignored), held like anyone’s', async () => {
    const { post } = await postWithAuthor();
    const reader = await createUser();
    const created = await commentOn(post.slug, { name: 'Someone else', email: 'else@example.com', body: 'Hi' }, reader);
    expect(created.status).toBe('pending');
    const row = await commentRow(created.id);
    expect(row).toMatchObject({ user_id: reader.id, name: reader.name, email: reader.email });
  });

  it('from the post’s author: approved at once, marked byAuthor, and no mail to themselves', async () => {
    const { author, post } = await postWithAuthor();
    const created = await commentOn(post.slug, { body: 'Thanks for reading' }, author);
    expect(created.status).toBe('approved');
    expect((await readComments(post.slug)).items).toEqual([expect.objectContaining({ id: created.id, byAuthor: true, name: author.name })]);
    await new Promise((r) => setTimeout(r, 200));
    expect(await mailsTo(author.email, 1, 200)).toHaveLength(0);
  });

  it('mails the post’s author: who commented, what, and that it waits for moderation', async () => {
    const { author, post } = await postWithAuthor();
    const body = visitorComment({ body: 'A careful reader’s note' });
    await commentOn(post.slug, body);
    const [mail] = await mailsTo(author.email);
    expect(mail?.subject).toContain(post.title);
    expect(mail?.text).toContain(String(body.name));
    expect(mail?.text).toContain('A careful reader’s note');
    expect(mail?.text).toContain('/admin/comments?status=pending');
    expect(mail?.text).not.toContain(String(body.email));
  });

  it('from a visitor without name or email: 422 naming both, nothing stored', async () => {
    const { post } = await postWithAuthor();
    const err = await expectError(await sendComment(post.slug, { body: 'Anonymous' }), 422, 'validation_failed');
    expect(Object.keys(err.error.fields ?? {}).sort()).toEqual(['email', 'name']);
    await expectError(await sendComment(post.slug, visitorComment({ email: 'not-an-email' })), 422, 'validation_failed');
    await expectError(await sendComment(post.slug, visitorComment({ body: '   ' })), 422, 'validation_failed');
    await expectError(await sendComment(post.slug, visitorComment({ body: 'x'.repeat(5001) })), 422, 'validation_failed');
    await expectError(await sendComment(post.slug, visitorComment({ status: 'approved' })), 422, 'validation_failed');
    expect(await commentsOnPost(post.slug)).toBe(0);
  });
});

describe('replies', () => {
  it('one level: a reply to a reply joins its top-level thread; a held or another post’s comment cannot be replied to', async () => {
    const { author, post } = await postWithAuthor();
    const top = await commentOn(post.slug, { body: 'Top' }, author);
    const reply = await commentOn(post.slug, { body: 'Reply', parentId: top.id }, author);
    const deeper = await commentOn(post.slug, { body: 'Deeper', parentId: reply.id }, author);
    const items = (await readComments(post.slug)).items;
    expect(items.map((c) => [c.id, c.parentId])).toEqual([
      [top.id, null],
      [reply.id, top.id],
      [deeper.id, top.id],
    ]);

    const held = await commentOn(post.slug);
    await expectError(await sendComment(post.slug, visitorComment({ parentId: held.id })), 422, 'validation_failed');
    const other = await postWithAuthor();
    await expectError(await sendComment(other.post.slug, visitorComment({ parentId: top.id })), 422, 'validation_failed');
    await expectError(await sendComment(post.slug, visitorComment({ parentId: 'abc' })), 422, 'validation_failed');
    expect(await commentsOnPost(other.post.slug)).toBe(0);
  });
});

describe('closed comments', () => {
  it('a post switched off: 403, nothing stored; its output says commentsOpen false; on again takes comments', async () => {
    const { author, post } = await postWithAuthor();
    const res = await callAs(author, `/api/posts/${post.slug}`, { method: 'PUT', json: updateOf(post, { commentsOpen: false }) });
    const closed = (await json<{ post: Post }>(res)).post;
    expect(closed.commentsOpen).toBe(false);
    await expectError(await sendComment(post.slug, visitorComment()), 403, 'forbidden');
    expect(await commentsOnPost(post.slug)).toBe(0);
    await callAs(author, `/api/posts/${post.slug}`, { method: 'PUT', json: updateOf(closed, { commentsOpen: true }) });
    await commentOn(post.slug);
  });

  it('the site switched off: 403 on every post; GET /api/settings says comments false', async () => {
    const { post } = await postWithAuthor();
    await setSiteComments(false);
    try {
      expect((await json<{ comments: boolean }>(await call('/api/settings'))).comments).toBe(false);
      await expectError(await sendComment(post.slug, visitorComment()), 403, 'forbidden');
      expect(await commentsOnPost(post.slug)).toBe(0);
    } finally {
      await setSiteComments(true);
    }
  });

  it('a draft, a scheduled post or an unknown slug: 404 for reading and writing, nothing stored', async () => {
    const { author, post: draft } = await postWithAuthor(1, { status: 'draft' });
    const scheduled = (await postWithAuthor(1, { publishedAt: new Date(Date.now() + 86_400_000).toISOString() })).post;
    for (const slug of [draft.slug, scheduled.slug, 'no-such-post-here']) {
      await expectError(await sendComment(slug, visitorComment()), 404, 'not_found');
      await expectError(await sendComment(slug, { body: 'mine' }, author), 404, 'not_found');
      await expectError(await call(`/api/posts/${slug}/comments`), 404, 'not_found');
    }
    expect(await commentsOnPost(draft.slug)).toBe(0);
  });
});

describe('robots and floods', () => {
  it('the honeypot: the same 201 as a held comment, nothing stored, no mail', async () => {
    const { author, post } = await postWithAuthor();
    const res = await sendComment(post.slug, visitorComment({ website: 'https://spam.example' }));
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ id: expect.any(Number), status: 'pending' });
    expect(await commentsOnPost(post.slug)).toBe(0);
    expect(await mailsTo(author.email, 1, 300)).toHaveLength(0);
  });

  it('5 comments per network per 10 minutes: the 6th is 429 with Retry-After, nothing stored; another network goes on', async () => {
    const { post } = await postWithAuthor();
    const ip = uniqueIp();
    for (let i = 0; i < 5; i++) expect((await sendComment(post.slug, visitorComment(), null, ip)).status).toBe(201);
    const refused = await sendComment(post.slug, visitorComment(), null, ip);
    await expectError(refused, 429, 'rate_limited');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(600);
    expect(await commentsOnPost(post.slug)).toBe(5);
    expect((await sendComment(post.slug, visitorComment())).status).toBe(201);
  });
});

describe('counts on posts', () => {
  it('commentCount counts approved comments only, in the post and in lists, kept by the triggers', async () => {
    const { author, post } = await postWithAuthor();
    expect(post.commentCount).toBe(0);
    expect(post.commentsOpen).toBe(true);
    const held = await commentOn(post.slug);
    expect(await storedCount(post.slug)).toBe(0);
    await approve(author, held.id);
    await commentOn(post.slug, { body: 'mine' }, author);
    expect(await storedCount(post.slug)).toBe(2);
    const list = await json<PostListResponse>(await call(`/api/posts?author=${author.username}`));
    expect(list.items.find((p) => p.slug === post.slug)?.commentCount).toBe(2);
    expect((await json<{ post: Post }>(await call(`/api/posts/${post.slug}`))).post.commentCount).toBe(2);

    expect((await callAs(author, `/api/admin/comments/${held.id}`, { method: 'PATCH', json: { status: 'trash' } })).status).toBe(204);
    expect(await storedCount(post.slug)).toBe(1);
    expect((await callAs(author, `/api/admin/comments/${held.id}`, { method: 'DELETE' })).status).toBe(204);
    expect(await storedCount(post.slug)).toBe(1);
  });
});
