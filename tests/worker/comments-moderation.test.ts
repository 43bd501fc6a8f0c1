// Moderation (product.md §18, §19; decision 068): admins and editors moderate every comment, a post's author
// their posts' comments — anyone else gets 404 for a comment, on every call; emails only to moderators.
import { describe, expect, it } from 'vitest';
import { ROLE_ADMIN, ROLE_CONTRIBUTOR, ROLE_EDITOR } from '../../contracts/roles';
import { callAs, dbSnapshot } from './admin-kit';
import { expectError } from './helpers';
import { createUser, json } from './factories';
import { adminList, approve, commentOn, commentRow, moderate, postWithAuthor, readComments, storedCount, visitorComment } from './comments-kit';

describe('who may moderate a comment', () => {
  it('another post’s author and a contributor get 404 on every call; a visitor 401; nothing changes', async () => {
    const { post } = await postWithAuthor();
    const held = await commentOn(post.slug);
    const [stranger, contributor] = await Promise.all([createUser(), createUser({ role: ROLE_CONTRIBUTOR })]);
    const before = await dbSnapshot();
    for (const who of [stranger, contributor]) {
      await expectError(await moderate(who, held.id, { status: 'approved' }), 404, 'not_found');
      await expectError(await moderate(who, held.id, { body: 'rewritten' }), 404, 'not_found');
      await expectError(await callAs(who, `/api/admin/comments/${held.id}`, { method: 'DELETE' }), 404, 'not_found');
      await expectError(await callAs(who, `/api/admin/comments/${held.id}/reply`, { json: { body: 'hi' } }), 404, 'not_found');
      await expectError(await callAs(who, '/api/admin/comments/bulk', { json: { ids: [held.id], action: 'approved' } }), 404, 'not_found');
      await expectError(await callAs(who, `/api/admin/comments?post=${post.slug}`), 404, 'not_found');
      const list = await adminList(who);
      expect(list.items.map((c) => c.id)).not.toContain(held.id);
    }
    await expectError(await moderate(null, held.id, { status: 'approved' }), 401, 'unauthenticated');
    await expectError(await callAs(null, '/api/admin/comments'), 401, 'unauthenticated');
    expect(await dbSnapshot()).toEqual(before);
  });

  it('the post’s author lists and approves their posts’ comments, without commenters’ emails', async () => {
    const { author, post } = await postWithAuthor();
    const body = visitorComment();
    const held = await commentOn(post.slug, body);
    const list = await adminList(author, `?status=pending&post=${post.slug}`);
    expect(list.items).toEqual([expect.objectContaining({ id: held.id, email: null, name: body.name, status: 'pending', post: { slug: post.slug, title: post.title } })]);
    expect(list.counts).toEqual({ pending: 1, approved: 0, spam: 0, trash: 0 });
    await approve(author, held.id);
    expect((await readComments(post.slug)).items.map((c) => c.id)).toEqual([held.id]);
  });

  it('a contributor moderates comments on their own post once an editor published it', async () => {
    const editor = await createUser({ role: ROLE_EDITOR });
    const { author: contributor, post } = await postWithAuthor(ROLE_CONTRIBUTOR, { status: 'pending' });
    const res = await callAs(editor, `/api/posts/${post.slug}`, { method: 'PUT', json: { title: post.title, body: post.body, category: post.category.slug, status: 'published', version: post.version } });
    expect(res.status, await res.clone().text()).toBe(200);
    const held = await commentOn(post.slug);
    await approve(contributor, held.id);
  });

  it('editors and admins moderate every comment and see emails; the list filters by status and post', async () => {
    const [editor, admin] = await Promise.all([createUser({ role: ROLE_EDITOR }), createUser({ role: ROLE_ADMIN })]);
    const { post } = await postWithAuthor();
    const body = visitorComment();
    const held = await commentOn(post.slug, body);
    for (const who of [editor, admin]) {
      const list = await adminList(who, `?post=${post.slug}`);
      expect(list.items).toEqual([expect.objectContaining({ id: held.id, email: body.email })]);
    }
    expect((await moderate(editor, held.id, { status: 'spam' })).status).toBe(204);
    expect((await adminList(admin, `?status=spam&post=${post.slug}`)).items.map((c) => c.id)).toEqual([held.id]);
    expect((await adminList(admin, `?post=${post.slug}`)).items).toEqual([]);
    await expectError(await callAs(admin, '/api/admin/comments?status=deleted'), 400, 'bad_request');
    await expectError(await callAs(admin, '/api/admin/comments?post=no-such-post-at-all'), 404, 'not_found');
  });
});

describe('moderation actions', () => {
  it('edit: the body is rendered again; an empty patch or an unknown status is 422, nothing changes', async () => {
    const { author, post } = await postWithAuthor();
    const held = await commentOn(post.slug);
    expect((await moderate(author, held.id, { body: 'Now **bold**' })).status).toBe(204);
    expect(await commentRow(held.id)).toMatchObject({ body: 'Now **bold**', body_html: '<p>Now <strong>bold</strong></p>\n', status: 'pending' });
    await expectError(await moderate(author, held.id, {}), 422, 'validation_failed');
    await expectError(await moderate(author, held.id, { status: 'gone' }), 422, 'validation_failed');
    await expectError(await moderate(author, 0, { status: 'approved' }), 400, 'bad_request');
  });

  it('reply: the moderator’s own comment, approved at once, in the thread; the reader sees it byAuthor', async () => {
    const { author, post } = await postWithAuthor();
    const held = await commentOn(post.slug);
    await approve(author, held.id);
    const reply = await json<{ id: number; status: string }>(await callAs(author, `/api/admin/comments/${held.id}/reply`, { json: { body: 'Thank you' } }), 201);
    expect(reply.status).toBe('approved');
    const items = (await readComments(post.slug)).items;
    expect(items.at(-1)).toEqual(expect.objectContaining({ id: reply.id, parentId: held.id, byAuthor: true, name: author.name }));
  });

  it('delete: the comment and its replies go, the count with them', async () => {
    const { author, post } = await postWithAuthor();
    const top = await commentOn(post.slug, { body: 'Top' }, author);
    await commentOn(post.slug, { body: 'Reply', parentId: top.id }, author);
    expect(await storedCount(post.slug)).toBe(2);
    expect((await callAs(author, `/api/admin/comments/${top.id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await readComments(post.slug)).items).toEqual([]);
    expect(await storedCount(post.slug)).toBe(0);
    await expectError(await callAs(author, `/api/admin/comments/${top.id}`, { method: 'DELETE' }), 404, 'not_found');
  });

  it('bulk: one action on several; one comment not the caller’s → 404 and nothing changes', async () => {
    const { author, post } = await postWithAuthor();
    const other = await postWithAuthor();
    const [a, b, foreign] = [await commentOn(post.slug), await commentOn(post.slug), await commentOn(other.post.slug)];
    const before = await dbSnapshot();
    await expectError(await callAs(author, '/api/admin/comments/bulk', { json: { ids: [a.id, foreign.id], action: 'approved' } }), 404, 'not_found');
    expect(await dbSnapshot()).toEqual(before);
    expect(await json(await callAs(author, '/api/admin/comments/bulk', { json: { ids: [a.id, b.id], action: 'approved' } }))).toEqual({ changed: 2 });
    expect(await storedCount(post.slug)).toBe(2);
    expect(await json(await callAs(author, '/api/admin/comments/bulk', { json: { ids: [a.id, b.id], action: 'delete' } }))).toEqual({ changed: 2 });
    expect(await storedCount(post.slug)).toBe(0);
    await expectError(await callAs(author, '/api/admin/comments/bulk', { json: { ids: [], action: 'delete' } }), 422, 'validation_failed');
    await expectError(await callAs(author, '/api/admin/comments/bulk', { json: { ids: [a.id], action: 'burn' } }), 422, 'validation_failed');
  });
});
