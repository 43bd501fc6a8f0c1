// The editor's draft and saves (use-post-draft + use-post-save with the real form feedback and HTTP client,
// fetch faked at the boundary): versions carried from answer to answer, the version conflict and both ways
// out of it, text typed during a save kept, field errors from the API.
import { describe, expect, it } from 'vitest';
import { createApiClients } from '../../web/lib/api-client';
import { useFormFeedback } from '../../web/lib/use-form-submit';
import { usePostDraft } from '../../web/features/editor/use-post-draft';
import { CONFLICT_MESSAGE, usePostSave } from '../../web/features/editor/use-post-save';
import { fakeFetch, type Scripted } from './fake-fetch';
import { categories, dates, postFixture, sentJson } from './editor-fixtures';
import { renderHook, run } from './render-hook';
import type { Post } from '../../contracts/posts';
import { UNAVAILABLE_MESSAGE } from '../../contracts/errors';

async function setup(initial: Post | null, ...script: Scripted[]) {
  const net = fakeFetch(...script);
  const navigations: string[] = [];
  const api = createApiClients({ fetch: net.fetch, navigate: (p) => navigations.push(p), currentPath: () => '/details/field-notes/edit' });
  const saved: Post[] = [];
  const hook = await renderHook(() => {
    const doc = usePostDraft(initial, categories, dates.zone);
    const form = useFormFeedback();
    const saver = usePostSave({ api, doc, form, canChangeAuthor: false, dates, onSaved: (p) => saved.push(p) });
    return { doc, form, saver };
  });
  return { ...hook, net, navigations, saved };
}

const ok = (post: Post) => ({ status: 200, json: { post } });

describe('usePostSave', () => {
  it('sends the version it holds, then the version each answer carries (autosaves never conflict with themselves)', async () => {
    const v4 = postFixture({ version: 4, body: 'Second' });
    const v5 = postFixture({ version: 5, body: 'Third' });
    const { result, net } = await setup(postFixture(), ok(v4), ok(v5));
    await run(() => result.current.doc.set('body', 'Second'));
    await expect(run(() => result.current.saver.save('draft', { quiet: true }))).resolves.toBe('saved');
    await run(() => result.current.doc.set('body', 'Third'));
    await expect(run(() => result.current.saver.save('draft'))).resolves.toBe('saved');
    expect(net.calls.map((c) => [c.init.method, c.url])).toEqual([
      ['PUT', '/api/posts/field-notes'],
      ['PUT', '/api/posts/field-notes'],
    ]);
    expect(net.calls.map((c) => sentJson(c.init).version)).toEqual([3, 4]);
    expect(sentJson(net.calls[0]!.init)).toMatchObject({ status: 'draft', body: 'Second', tags: ['Edge'] });
    expect(result.current.doc.post?.version).toBe(5);
    expect(result.current.doc.dirty).toBe(false);
    expect(result.current.form.feedback).toEqual({ kind: 'ok', text: 'Draft saved.' });
  });

  it('two saves started together run one after the other, the second with the first answer’s version', async () => {
    const { result, net } = await setup(postFixture(), ok(postFixture({ version: 4, body: 'A' })), ok(postFixture({ version: 5, body: 'A' })));
    await run(() => result.current.doc.set('body', 'A'));
    await run(() => Promise.all([result.current.saver.save('draft', { quiet: true }), result.current.saver.save('draft')]));
    expect(net.calls.map((c) => sentJson(c.init).version)).toEqual([3, 4]);
  });

  it('a 409 on the version keeps the author’s text, offers the newer version, and "keep mine" saves over it', async () => {
    const theirs = postFixture({ version: 7, body: 'Their body', title: 'Their title' });
    const conflict = { status: 409, json: { error: { code: 'conflict', message: 'This post was changed since you loaded it' } } };
    const { result, net } = await setup(postFixture(), conflict, ok(theirs), ok(postFixture({ version: 8, body: 'My body' })));
    await run(() => result.current.doc.set('body', 'My body'));

    await expect(run(() => result.current.saver.save('draft'))).resolves.toBe('conflict');
    expect(net.calls[1]).toMatchObject({ url: '/api/posts/field-notes', init: { method: 'GET' } });
    expect(result.current.saver.conflict?.version).toBe(7);
    expect(result.current.doc.draft.body).toBe('My body');
    expect(result.current.form.feedback).toMatchObject({ kind: 'error', text: CONFLICT_MESSAGE });

    await run(() => result.current.saver.keepMine());
    expect(result.current.saver.conflict).toBeNull();
    expect(result.current.doc.draft.body).toBe('My body');
    await expect(run(() => result.current.saver.save('draft'))).resolves.toBe('saved');
    expect(sentJson(net.calls[2]!.init)).toMatchObject({ version: 7, body: 'My body' });
  });

  it('a quiet save (autosave) that meets a 409 still shows the conflict', async () => {
    const conflict = { status: 409, json: { error: { code: 'conflict', message: 'stale' } } };
    const { result } = await setup(postFixture(), conflict, ok(postFixture({ version: 9 })));
    await run(() => result.current.doc.set('body', 'Mine'));
    await expect(run(() => result.current.saver.save('draft', { quiet: true }))).resolves.toBe('conflict');
    expect(result.current.saver.conflict?.version).toBe(9);
    expect(result.current.form.feedback?.text).toBe(CONFLICT_MESSAGE);
  });

  it('"load the latest" replaces the draft with the newer version', async () => {
    const theirs = postFixture({ version: 7, body: 'Their body' });
    const { result } = await setup(postFixture(), { status: 409, json: { error: { code: 'conflict', message: 'stale' } } }, ok(theirs));
    await run(() => result.current.doc.set('body', 'My body'));
    await run(() => result.current.saver.save('draft'));
    await run(() => result.current.saver.loadTheirs());
    expect(result.current.doc.draft.body).toBe('Their body');
    expect(result.current.doc.post?.version).toBe(7);
    expect(result.current.doc.dirty).toBe(false);
    expect(result.current.form.feedback).toEqual({ kind: 'ok', text: 'Loaded the latest version.' });
  });

  it('a 409 naming the slug is a field error, not a version conflict', async () => {
    const taken = { status: 409, json: { error: { code: 'conflict', message: 'Slug is taken', fields: { slug: 'That slug is taken' } } } };
    const { result, net } = await setup(postFixture(), taken);
    await run(() => result.current.doc.set('slug', 'taken'));
    await expect(run(() => result.current.saver.save('draft'))).resolves.toBe('failed');
    expect(net.calls).toHaveLength(1);
    expect(result.current.saver.conflict).toBeNull();
    expect(result.current.form.fields).toEqual({ slug: 'That slug is taken' });
    expect(sentJson(net.calls[0]!.init).slug).toBe('taken');
  });

  it('text typed while a save is in flight stays, unsaved, with the new version adopted', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const net = fakeFetch(ok(postFixture({ version: 4, body: 'Sent' })));
    const slow = async (url: string, init: RequestInit) => {
      await gate;
      return net.fetch(url, init);
    };
    const api = createApiClients({ fetch: slow, navigate: () => undefined });
    const { result } = await renderHook(() => {
      const doc = usePostDraft(postFixture(), categories, dates.zone);
      const form = useFormFeedback();
      return { doc, saver: usePostSave({ api, doc, form, canChangeAuthor: false, dates }) };
    });
    await run(() => result.current.doc.set('body', 'Sent'));
    let saving!: Promise<unknown>;
    await run(() => {
      saving = result.current.saver.save('draft', { quiet: true });
    });
    expect(result.current.saver.saving).toBe(true);
    await run(() => result.current.doc.set('body', 'Sent and more'));
    await run(async () => {
      release();
      await saving;
    });
    expect(result.current.doc.post?.version).toBe(4);
    expect(result.current.doc.draft.body).toBe('Sent and more');
    expect(result.current.doc.dirty).toBe(true);
    expect(result.current.saver.saving).toBe(false);
  });

  it('checks the input before sending: a quiet save of an invalid draft sends nothing and shows nothing', async () => {
    const { result, net } = await setup(postFixture(), 200);
    await run(() => result.current.doc.set('title', ''));
    await expect(run(() => result.current.saver.save('draft', { quiet: true }))).resolves.toBe('invalid');
    expect(result.current.form.feedback).toBeNull();
    await expect(run(() => result.current.saver.save('draft'))).resolves.toBe('invalid');
    expect(result.current.form.fields.title).toBeTruthy();
    expect(net.calls).toHaveLength(0);
  });

  it('a 401 during a save sends the author to /login?redirect=<the editor> and keeps the draft', async () => {
    const { result, navigations } = await setup(postFixture(), { status: 401, json: { error: { code: 'unauthenticated', message: 'Sign in' } } });
    await run(() => result.current.doc.set('body', 'Precious words'));
    await expect(run(() => result.current.saver.save('draft'))).resolves.toBe('failed');
    expect(navigations).toEqual(['/login?redirect=%2Fdetails%2Ffield-notes%2Fedit']);
    expect(result.current.doc.draft.body).toBe('Precious words');
  });

  it('a 503 unavailable (D1 down) keeps the author’s text, shows the message, and the next save sends it', async () => {
    const unavailable = { status: 503, json: { error: { code: 'unavailable', message: UNAVAILABLE_MESSAGE } } };
    const { result, net } = await setup(postFixture(), unavailable, ok(postFixture({ version: 4, body: 'Written during the outage' })));
    await run(() => result.current.doc.set('body', 'Written during the outage'));
    await expect(run(() => result.current.saver.save('draft'))).resolves.toBe('failed');
    expect(result.current.doc.draft.body).toBe('Written during the outage');
    expect(result.current.doc.dirty).toBe(true);
    expect(result.current.form.feedback).toMatchObject({ kind: 'error', text: UNAVAILABLE_MESSAGE });
    await expect(run(() => result.current.saver.save('draft'))).resolves.toBe('saved');
    expect(sentJson(net.calls[1]!.init)).toMatchObject({ body: 'Written during the outage', version: 3 });
  });

  it('a new post is created with POST, its slug made from the title unless the author set one', async () => {
    const created = postFixture({ slug: 'hello-world', title: 'Hello, World', version: 1 });
    const { result, net, saved } = await setup(null, { status: 201, json: { post: created } });
    await run(() => result.current.doc.set('title', 'Hello, World'));
    expect(result.current.doc.draft.slug).toBe('hello-world');
    await run(() => result.current.doc.set('body', 'Body'));
    await run(() => result.current.saver.save('publish'));
    expect(net.calls[0]).toMatchObject({ url: '/api/posts', init: { method: 'POST' } });
    const body = sentJson(net.calls[0]!.init);
    expect(body).toMatchObject({ status: 'published', publishedAt: null, tags: [] });
    expect(body).not.toHaveProperty('slug');
    expect(body).not.toHaveProperty('version');
    expect(saved.map((p) => p.slug)).toEqual(['hello-world']);
  });
});
