// The editor's "SEO and social" fields in its draft and saves (use-post-draft + use-post-save, fetch faked at
// the boundary): a post's seo loads into the draft, a save sends every field ('' clears), the answer's seo
// becomes the saved draft, and the API's `seo.*` field errors come back under those names.
import { describe, expect, it } from 'vitest';
import type { Post } from '../../contracts/posts';
import { NO_SEO } from '../../contracts/seo';
import { createApiClients } from '../../web/lib/api-client';
import { useFormFeedback } from '../../web/lib/use-form-submit';
import { seoDraftOf } from '../../web/features/editor/seo-draft';
import { usePostDraft } from '../../web/features/editor/use-post-draft';
import { usePostSave } from '../../web/features/editor/use-post-save';
import { categories, dates, postFixture, sentJson } from './editor-fixtures';
import { fakeFetch, type Scripted } from './fake-fetch';
import { renderHook, run } from './render-hook';

async function setup(initial: Post, ...script: Scripted[]) {
  const net = fakeFetch(...script);
  const api = createApiClients({ fetch: net.fetch, navigate: () => undefined, currentPath: () => '/details/field-notes/edit' });
  const hook = await renderHook(() => {
    const doc = usePostDraft(initial, categories, dates.zone);
    const form = useFormFeedback();
    const saver = usePostSave({ api, doc, form, canChangeAuthor: false, dates, onSaved: () => undefined });
    return { doc, form, saver };
  });
  return { ...hook, net };
}

const SEO = { title: 'A meta title', description: 'A meta description', image: 'https://images.example/card.png', canonicalUrl: null, noindex: false };

describe('the editor’s SEO fields', () => {
  it('load from the post, save every field (cleared ones as \'\'), and the answer becomes the saved draft', async () => {
    const saved = postFixture({ version: 4, seo: { ...SEO, title: null, noindex: true } });
    const { result, net } = await setup(postFixture({ seo: SEO }), { status: 200, json: { post: saved } });
    expect(result.current.doc.draft.seo).toEqual({ ...seoDraftOf(SEO), canonicalUrl: '' });
    await run(() => result.current.doc.set('seo', { ...result.current.doc.draft.seo, title: '', noindex: true }));
    expect(result.current.doc.dirty).toBe(true);
    await expect(run(() => result.current.saver.save('draft'))).resolves.toBe('saved');
    expect(sentJson(net.calls[0]!.init).seo).toEqual({ title: '', description: 'A meta description', image: 'https://images.example/card.png', canonicalUrl: '', noindex: true });
    expect(result.current.doc.draft.seo).toEqual(seoDraftOf(saved.seo));
    expect(result.current.doc.dirty).toBe(false);
  });

  it('a bad canonical URL is refused in the browser by the same rule, as the field error seo.canonicalUrl; nothing is sent', async () => {
    const { result, net } = await setup(postFixture({ seo: NO_SEO }), { status: 500, json: {} });
    await run(() => result.current.doc.set('seo', { ...result.current.doc.draft.seo, canonicalUrl: 'http://old.example/post' }));
    await expect(run(() => result.current.saver.save('draft'))).resolves.toBe('invalid');
    expect(net.calls).toHaveLength(0);
    expect(result.current.form.fields['seo.canonicalUrl']).toBe('Canonical URL must be an https:// URL');
  });
});
