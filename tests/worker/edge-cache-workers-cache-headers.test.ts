// What every kind of answer tells Workers Cache in production (ctx.cache present; decision 057): visitors'
// public answers an edge lifetime with both stale modes (never s-maxage), a Cache-Tag naming what they show
// and Vary: Cookie; everything session-dependent `private, no-store`; nothing leaves its policy unsaid.
import { describe, expect, it } from 'vitest';
import { EDGE_MAX_AGE_SECONDS } from '../../worker/lib/cache-headers';
import { createCategory, createPost, createUser, postInput } from './factories';
import { callWorker, recordingCache } from './workers-cache-kit';

const EDGE = /^public, max-age=(\d+), stale-while-revalidate=(\d+), stale-if-error=86400$/;
const tagsOf = (res: Response): string[] => (res.headers.get('cache-tag') ?? '').split(',').filter(Boolean);

async function visitorAnswer(path: string) {
  const res = await callWorker(path, { cache: recordingCache() });
  await res.arrayBuffer();
  return res;
}

describe('Workers Cache headers (production path)', () => {
  it('every public page kind carries browser and edge lifetimes, Vary: Cookie and the tags of what it shows', async () => {
    const [author, category] = await Promise.all([createUser(), createCategory()]);
    const post = await createPost(author, category, { tags: ['edge-tags'] });
    const pageSlug = `about-${crypto.randomUUID().slice(0, 8)}`;
    await callWorker('/api/admin/pages', {
      json: { title: 'About us', slug: pageSlug, body: 'Who we are', status: 'published' },
      cookie: (await createUser({ role: 0 })).cookie,
      cache: recordingCache(),
    });
    const expected: Record<string, string[]> = {
      '/': ['site', 'posts'],
      [`/details/${post.slug}`]: ['site', `post:${post.slug}`],
      [`/api/posts/${post.slug}`]: ['site', `post:${post.slug}`],
      [`/category/${category.slug}`]: ['site', 'posts'],
      '/tag/edge-tags': ['site', 'posts'],
      [`/author/${author.username}`]: ['site', `author:${author.username}`, 'posts'],
      [`/api/users/${author.username}`]: ['site', `author:${author.username}`, 'posts'],
      [`/${pageSlug}`]: ['site', `page:${pageSlug}`],
      [`/api/pages/${pageSlug}`]: ['site', `page:${pageSlug}`],
      '/search?q=post': ['site', 'posts'],
      '/rss.xml': ['site', 'posts'],
      [`/category/${category.slug}/atom.xml`]: ['site', 'posts'],
      '/feed': ['site', 'posts'],
      '/sitemap.xml': ['site', 'posts', 'pages'],
      '/sitemap-posts.xml': ['site', 'posts'],
      '/robots.txt': ['site'],
      '/api/posts': ['site', 'posts'],
      '/api/home': ['site', 'posts'],
      '/api/settings': ['site'],
      '/api/navigation': ['site'],
      // A post that does not exist (yet): its 404 is tagged with its address, so publishing there purges it.
      '/details/not-written-yet': ['site', 'post:not-written-yet'],
    };
    for (const [path, tags] of Object.entries(expected)) {
      const res = await visitorAnswer(path);
      expect([200, 301, 404], path).toContain(res.status);
      expect(res.headers.get('cache-control'), path).toBe('public, no-cache');
      const edge = res.headers.get('cloudflare-cdn-cache-control') ?? '';
      expect(edge, path).toMatch(EDGE);
      expect(edge, path).not.toMatch(/s-maxage/);
      expect(res.headers.get('vary') ?? '', path).toMatch(/\bCookie\b/);
      expect(tagsOf(res).sort(), path).toEqual([...tags].sort());
      // Workers Cache answers hits before the Worker runs (its Cf-Cache-Status tells HIT or MISS): a stored
      // answer carries no X-Cache of the Worker's, which would read MISS on every hit.
      expect(res.headers.get('x-cache'), path).toBeNull();
    }
  });

  it('an old slug answers its 301 with the tags of the post it names', async () => {
    const [author, category] = await Promise.all([createUser(), createCategory()]);
    const post = await createPost(author, category);
    const renamed = `${post.slug}-renamed`;
    const moved = await callWorker(`/api/posts/${post.slug}`, {
      method: 'PUT',
      json: { ...postInput(category), slug: renamed, version: post.version },
      cookie: author.cookie,
      cache: recordingCache(),
    });
    expect(moved.status, await moved.text()).toBe(200);
    const res = await visitorAnswer(`/details/${post.slug}`);
    expect(res.status).toBe(301);
    expect(res.headers.get('cloudflare-cdn-cache-control')).toMatch(EDGE);
    expect(tagsOf(res)).toContain(`post:${post.slug}`);
  });

  it('a signed-in request to a public page gets private, no-store and nothing for the edge', async () => {
    const [author, category] = await Promise.all([createUser(), createCategory()]);
    const post = await createPost(author, category);
    for (const path of ['/', `/details/${post.slug}`, `/api/posts/${post.slug}`, '/rss.xml', `/category/${category.slug}`]) {
      const res = await callWorker(path, { cookie: author.cookie, cache: recordingCache() });
      await res.arrayBuffer();
      expect(res.headers.get('cache-control'), path).toBe('private, no-store');
      expect(res.headers.get('cloudflare-cdn-cache-control'), path).toBeNull();
      expect(res.headers.get('cache-tag'), path).toBeNull();
    }
  });

  it("a draft's owner gets their draft, never a stored 404, and the visitor's 404 is private to no one", async () => {
    const [author, category] = await Promise.all([createUser(), createCategory()]);
    const draft = await createPost(author, category, { status: 'draft' });
    const visitor = await visitorAnswer(`/details/${draft.slug}`);
    expect(visitor.status).toBe(404);
    // Stored under the visitor's (absent) cookies only: the owner's request, with its session cookie, is another variant.
    expect(visitor.headers.get('vary') ?? '').toMatch(/\bCookie\b/);
    const owner = await callWorker(`/details/${draft.slug}`, { cookie: author.cookie, cache: recordingCache() });
    expect(owner.status).toBe(200);
    expect(owner.headers.get('cache-control')).toBe('private, no-store');
  });

  it('account, admin, preview and signed-out pages are never stored, with or without a cookie', async () => {
    const admin = await createUser({ role: 0 });
    const signedIn = ['/profile', '/admin/dashboard', '/admin/posts', '/api/admin/posts', '/api/auth/registration', '/api/profile/x', '/create-post'];
    for (const path of signedIn) {
      const res = await callWorker(path, { cookie: admin.cookie, cache: recordingCache() });
      await res.arrayBuffer();
      expect(res.headers.get('cache-control'), path).toBe('private, no-store');
      expect(res.headers.get('cloudflare-cdn-cache-control'), path).toBeNull();
    }
    for (const path of ['/login', '/register', '/profile', '/admin/dashboard', '/api/auth/registration', '/api/verify/x']) {
      const res = await visitorAnswer(path);
      expect(res.headers.get('cache-control'), path).toBe('private, no-store');
      expect(res.headers.get('cloudflare-cdn-cache-control'), path).toBeNull();
    }
    for (const path of ['/no/such/address', '/api/no-such-endpoint']) {
      const res = await visitorAnswer(path);
      expect(res.headers.get('cache-control'), path).toMatch(/no-store/);
      expect(res.headers.get('cloudflare-cdn-cache-control'), path).toBeNull();
    }
    const preview = await callWorker('/api/posts/preview', { json: { body: '**hi**' }, cookie: admin.cookie, cache: recordingCache() });
    expect(preview.headers.get('cache-control')).toMatch(/no-store/);
  });

  it("an answer a scheduled post would change expires at the post's moment, and is not served stale past it", async () => {
    const [author, category] = await Promise.all([createUser(), createCategory()]);
    await createPost(author, category, { publishedAt: new Date(Date.now() + 90_000).toISOString() });
    const res = await visitorAnswer(`/category/${category.slug}`);
    const [, maxAge, whileRevalidating] = EDGE.exec(res.headers.get('cloudflare-cdn-cache-control') ?? '') ?? [];
    expect(Number(maxAge)).toBeLessThanOrEqual(90);
    expect(Number(maxAge)).toBeLessThan(EDGE_MAX_AGE_SECONDS);
    expect(whileRevalidating).toBe('0');
  });
});
