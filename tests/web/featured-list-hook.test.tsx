// useFeaturedList (the admin's featured screen), rendered in happy-dom under a memory router with the real
// API client over a fake network: changes mark the list unsaved, Save sends the order and adopts the answer,
// and a refused save says why.
// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { PostSummary } from '../../contracts/posts';
import { useFeaturedList } from '../../web/features/admin/use-featured-list';
import type { Scripted } from './fake-fetch';
import { cleanup, renderHook, settle } from './render-in-router';

const post = (slug: string) => ({ slug, title: slug.toUpperCase(), status: 'published' }) as PostSummary;

afterEach(cleanup);

function render(initial: PostSummary[], ...script: Scripted[]) {
  const { net, current: list } = renderHook(() => useFeaturedList(initial), ...script);
  const slugs = () => list().items.map((p) => p.slug);
  return { net, list, slugs };
}

describe('useFeaturedList', () => {
  it('a move marks the list unsaved and is announced; moving it back makes it saved again', () => {
    const { list, slugs } = render([post('a'), post('b')], 200);
    expect(list().dirty).toBe(false);
    act(() => list().reorder(0, 1));
    expect(slugs()).toEqual(['b', 'a']);
    expect(list().dirty).toBe(true);
    expect(list().announce).toBe('“A” moved to position 2 of 2.');
    act(() => list().reorder(1, 0));
    expect(list().dirty).toBe(false);
  });

  it('Save sends the order and adopts the saved list', async () => {
    const { net, list, slugs } = render([post('a')], { status: 200, json: { items: [post('a'), post('c')] } });
    act(() => list().add(post('c')));
    expect(list().dirty).toBe(true);
    await act(() => list().save());
    await settle();
    expect(net.calls.map((c) => `${c.init.method} ${c.url}`)).toEqual(['PUT /api/admin/featured']);
    expect(JSON.parse(String(net.calls[0]!.init.body))).toEqual({ slugs: ['a', 'c'] });
    expect(slugs()).toEqual(['a', 'c']);
    expect(list().dirty).toBe(false);
    expect(list().flash).toEqual({ kind: 'ok', text: 'Featured list saved.' });
  });

  it('a refused save keeps the changes and says why', async () => {
    const { list } = render([post('a')], {
      status: 422,
      json: { error: { code: 'validation_failed', message: 'Invalid', fields: { slugs: 'Only published posts can be featured' } } },
    });
    act(() => list().remove(0));
    await act(() => list().save());
    await settle();
    expect(list().items).toEqual([]);
    expect(list().dirty).toBe(true);
    expect(list().flash).toEqual({ kind: 'error', text: 'Only published posts can be featured' });
  });
});
