// The review queue (product.md §15): `/api/admin/posts?status=pending`, the dashboard's pending count, and
// `POST /api/admin/posts/:slug/return {note}` — a pending post back to draft, the note mailed to its author.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { AdminPostList, AdminStats } from '../../contracts/admin';
import type { Post } from '../../contracts/posts';
import { ROLE_CONTRIBUTOR } from '../../contracts/roles';
import { callAs, dbSnapshot } from './admin-kit';
import { expectError } from './helpers';
import { mailsTo } from './mail-outbox';
import { createAdmin, createCategory, createPost, createUser, json, postRow } from './factories';

const returnPath = (slug: string) => `/api/admin/posts/${encodeURIComponent(slug)}/return`;

describe('the review queue', () => {
  it('?status=pending lists the pending posts only', async () => {
    const [admin, contributor, category] = await Promise.all([createAdmin(), createUser({ role: ROLE_CONTRIBUTOR }), createCategory()]);
    const pending = await createPost(contributor, category, { status: 'pending' });
    await createPost(contributor, category, { status: 'draft' });
    const list = await json<AdminPostList>(await callAs(admin, `/api/admin/posts?status=pending&category=${category.slug}`));
    expect(list.items.map((p) => [p.slug, p.status])).toEqual([[pending.slug, 'pending']]);
    expect(list.total).toBe(1);
  });

  it('the dashboard counts posts pending review', async () => {
    const [admin, contributor, category] = await Promise.all([createAdmin(), createUser({ role: ROLE_CONTRIBUTOR }), createCategory()]);
    const before = await json<AdminStats>(await callAs(admin, '/api/admin/stats'));
    await createPost(contributor, category, { status: 'pending' });
    await createPost(contributor, category, { status: 'pending' });
    await createPost(contributor, category, { status: 'draft' });
    const after = await json<AdminStats>(await callAs(admin, '/api/admin/stats'));
    expect(after.counts.pending - before.counts.pending).toBe(2);
    expect(after.counts.drafts - before.counts.drafts).toBe(1);
  });
});

describe('POST /api/admin/posts/:slug/return', () => {
  it('puts a pending post back in draft and mails the note, in full, to its author', async () => {
    const [admin, contributor, category] = await Promise.all([
      createUser({ role: 0, name: 'Erin Editor' }),
      createUser({ role: ROLE_CONTRIBUTOR }),
      createCategory(),
    ]);
    const pending = await createPost(contributor, category, { status: 'pending' });
    const note = 'Please cite a source for the second paragraph.\nAnd shorten the title.';
    const { post } = await json<{ post: Post }>(await callAs(admin, returnPath(pending.slug), { json: { note } }));
    expect(post).toMatchObject({ slug: pending.slug, status: 'draft', version: pending.version + 1 });
    expect(await postRow(pending.slug)).toMatchObject({ status: 'draft', title: pending.title });

    const [mail] = await mailsTo(contributor.email);
    const { title } = (await env.DB.prepare('SELECT title FROM settings').first<{ title: string }>())!;
    expect(mail!.subject).toBe(`Your post “${pending.title}” was returned for changes`);
    expect(mail!.text).toContain(note);
    expect(mail!.text).toContain(`Hello ${contributor.name},`);
    expect(mail!.text).toContain('Erin Editor reviewed your post');
    expect(mail!.text).toContain(`https://byline.test/details/${pending.slug}/edit`);
    expect(mail!.text).toContain(`— ${title}`);
    expect(mail!.html).toContain('Please cite a source for the second paragraph.');
  });

  it('a post that is not pending: 409, nothing changed, nothing mailed', async () => {
    const [admin, author, category] = await Promise.all([createAdmin(), createUser(), createCategory()]);
    for (const status of ['draft', 'published'] as const) {
      const post = await createPost(author, category, { status });
      await expectError(await callAs(admin, returnPath(post.slug), { json: { note: 'Not ready' } }), 409, 'conflict');
      expect(await postRow(post.slug)).toMatchObject({ status, version: 1 });
    }
    expect(await mailsTo(author.email, 1, 300)).toEqual([]);
  });

  it('the note is required, 1–2000 characters: 422 naming note, nothing changed', async () => {
    const [admin, contributor, category] = await Promise.all([createAdmin(), createUser({ role: ROLE_CONTRIBUTOR }), createCategory()]);
    const pending = await createPost(contributor, category, { status: 'pending' });
    for (const body of [{}, { note: '' }, { note: '   ' }, { note: 'x'.repeat(2001) }, { note: 7 }]) {
      const res = await expectError(await callAs(admin, returnPath(pending.slug), { json: body }), 422, 'validation_failed');
      expect(Object.keys(res.error.fields ?? {})).toEqual(['note']);
    }
    await expectError(await callAs(admin, returnPath(pending.slug), { json: { note: 'ok', extra: 1 } }), 422, 'validation_failed');
    expect(await postRow(pending.slug)).toMatchObject({ status: 'pending', version: 1 });
    expect(await mailsTo(contributor.email, 1, 300)).toEqual([]);
  });

  it('malformed JSON is 400, an unknown post 404', async () => {
    const [admin, contributor, category] = await Promise.all([createAdmin(), createUser({ role: ROLE_CONTRIBUTOR }), createCategory()]);
    const pending = await createPost(contributor, category, { status: 'pending' });
    const bad = await callAs(admin, returnPath(pending.slug), { body: '{"note":', headers: { 'content-type': 'application/json' }, method: 'POST' });
    await expectError(bad, 400, 'bad_request');
    expect(await postRow(pending.slug)).toMatchObject({ status: 'pending', version: 1 });
    await expectError(await callAs(admin, returnPath('no-such-post-here'), { json: { note: 'Hello' } }), 404, 'not_found');
  });

  it('a visitor gets 401; an author or contributor 403; nothing changes', async () => {
    const [author, contributor, category] = await Promise.all([createUser(), createUser({ role: ROLE_CONTRIBUTOR }), createCategory()]);
    const pending = await createPost(contributor, category, { status: 'pending' });
    const before = await dbSnapshot();
    await expectError(await callAs(null, returnPath(pending.slug), { json: { note: 'No' } }), 401, 'unauthenticated');
    for (const who of [author, contributor]) {
      await expectError(await callAs(who, returnPath(pending.slug), { json: { note: 'No' } }), 403, 'forbidden');
    }
    expect(await dbSnapshot()).toEqual(before);
  });

  it('an editor publishes a pending post from the queue with the existing quick action', async () => {
    const [admin, contributor, category] = await Promise.all([createAdmin(), createUser({ role: ROLE_CONTRIBUTOR }), createCategory()]);
    const pending = await createPost(contributor, category, { status: 'pending' });
    const res = await callAs(admin, `/api/admin/posts/${pending.slug}`, { method: 'PATCH', json: { status: 'published', version: pending.version } });
    expect((await json<{ post: Post }>(res)).post.status).toBe('published');
    expect((await callAs(null, `/api/posts/${pending.slug}`)).status).toBe(200);
  });

  it('is declared in the API document', async () => {
    const doc = await json<{ paths: Record<string, Record<string, unknown>> }>(await callAs(null, '/api/openapi.json'));
    expect(Object.keys(doc.paths['/api/admin/posts/{slug}/return'] ?? {})).toEqual(['post']);
  });
});

