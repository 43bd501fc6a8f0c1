// The tag and category pages' loader (one listing route) and the search page's tag filter, against a fake
// network: which calls they make, and when they answer with the 404 page or a redirect.
import { describe, expect, it } from 'vitest';
import type { LoaderFunctionArgs } from 'react-router-dom';
import { loader as categoryLoader, handle as categoryHandle } from '../../web/features/posts/category-page';
import { loader as searchLoader } from '../../web/features/search/search-page';
import { loader as tagLoader, handle as tagHandle } from '../../web/features/posts/tag-page';
import { createApiClients } from '../../web/lib/api-client';
import { httpReads } from '../../web/lib/page-reads-api';
import { ApiError } from '../../web/lib/http';
import type { RouteDeps } from '../../web/lib/route-kit';
import type { SessionStore } from '../../web/lib/session';
import { fakeFetch, type Scripted } from './fake-fetch';

const tag = { slug: 'css', name: 'CSS', postCount: 13 };
const SITE = { title: 'Byline', description: '', language: 'en' };
const list = (page: number, total: number, items: unknown[] = []) => ({ items, page, pageSize: 12, total });

function setup(...script: Scripted[]) {
  const net = fakeFetch(...script);
  const deps: RouteDeps = { reads: httpReads(createApiClients({ fetch: net.fetch, navigate: () => {} })), session: {} as SessionStore };
  const args = (url: string, params: Record<string, string> = {}) =>
    ({ request: new Request(`https://byline.test${url}`), params, context: undefined }) as unknown as LoaderFunctionArgs;
  const paths = () => net.calls.map((c) => c.url.replace(/^https?:\/\/[^/]+/, ''));
  return { deps, args, paths };
}

describe('tag page loader', () => {
  it('asks for the tag and its page of posts, and heads the page with its canonical address and feed', async () => {
    const { deps, args, paths } = setup({ status: 200, json: { tag } }, { status: 200, json: list(2, 13) });
    const data = await tagLoader!(args('/tag/css?page=2', { slug: 'css' }), deps);
    expect(paths()).toEqual(['/api/tags/css', '/api/posts?tag=css&page=2']);
    expect(tagHandle.head!(data, {}, SITE)).toMatchObject({
      title: 'CSS — page 2',
      description: 'Posts tagged CSS',
      canonicalPath: '/tag/css?page=2',
      feed: { path: '/tag/css/rss.xml' },
    });
  });

  it('an unknown tag fails with the API’s 404 (the route turns it into the 404 page)', async () => {
    const { deps, args } = setup({ status: 404, json: { error: { code: 'not_found', message: 'No such tag' } } }, { status: 200, json: list(1, 0) });
    const error = await Promise.resolve(tagLoader!(args('/tag/nope', { slug: 'nope' }), deps)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404 });
  });

  it('a page past the end, or a page that is not a number, is the 404 page', async () => {
    const { deps, args } = setup({ status: 200, json: { tag } }, { status: 200, json: list(3, 13) });
    await expect(tagLoader!(args('/tag/css?page=3', { slug: 'css' }), deps)).rejects.toMatchObject({ init: { status: 404 } });
    await expect(tagLoader!(args('/tag/css?page=two', { slug: 'css' }), deps)).rejects.toMatchObject({ init: { status: 404 } });
  });
});

describe('category page loader', () => {
  it('is the same listing with the category filter and feed', async () => {
    const category = { slug: 'design', name: 'Design', description: 'About design', postCount: 1 };
    const { deps, args, paths } = setup({ status: 200, json: { category } }, { status: 200, json: list(1, 1) });
    const data = await categoryLoader!(args('/category/design', { slug: 'design' }), deps);
    expect(paths()).toEqual(['/api/categories/design', '/api/posts?category=design&page=1']);
    expect(categoryHandle.head!(data, {}, SITE)).toMatchObject({ title: 'Design', description: 'About design', feed: { path: '/category/design/rss.xml' } });
  });
});

describe('search page tag filter', () => {
  const results = { ...list(1, 0), totalCapped: false };

  it('searches within a tag and offers the tags', async () => {
    const { deps, args, paths } = setup({ status: 200, json: { items: [tag], page: 1, pageSize: 100, total: 1 } }, { status: 200, json: results });
    const data = (await searchLoader!(args('/search?q=grid&tag=CSS'), deps)) as { tag: string; tags: unknown[] };
    expect(paths()).toEqual(['/api/tags', '/api/posts?q=grid&tag=css&page=1']);
    expect(data.tag).toBe('css');
    expect(data.tags).toEqual([tag]);
  });

  it('a tag alone goes to the tag page; a tag no slug could be is ignored', async () => {
    const { deps, args, paths } = setup({ status: 200, json: list(1, 0) }, { status: 200, json: results });
    const redirect = (await Promise.resolve(searchLoader!(args('/search?tag=css'), deps)).catch((e: unknown) => e)) as Response;
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get('location')).toBe('/tag/css');
    const data = (await searchLoader!(args('/search?q=grid&tag=%3Cscript%3E'), deps)) as { tag: string };
    expect(data.tag).toBe('');
    expect(paths().at(-1)).toBe('/api/posts?q=grid&page=1');
  });
});
