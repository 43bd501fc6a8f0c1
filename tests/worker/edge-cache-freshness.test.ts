// Never stale after a write: for every kind of write, a visitor's page is first served from the edge
// cache (HIT), then the write happens through the API, and the very next visitor read shows the new state.
import { describe, expect, it } from 'vitest';
import type { Post } from '../../contracts/posts';
import { callAs } from './admin-kit';
import { call } from './helpers';
import { createAdmin, createCategory, createPost, createUser, json, uid, updateOf } from './factories';

interface Visit {
  status: number;
  cache: string | null;
  text: string;
}

async function visit(path: string): Promise<Visit> {
  const res = await call(path);
  return { status: res.status, cache: res.headers.get('x-cache'), text: await res.text() };
}

/** Reads `paths` twice as a visitor; the second read must come from the cache. */
async function warm(...paths: string[]): Promise<void> {
  for (const path of paths) {
    const first = await visit(path);
    const second = await visit(path);
    expect(second.cache, `${path} second read`).toBe('HIT');
    expect(second.status, path).toBe(first.status);
  }
}

async function write(res: Promise<Response>, status = 200): Promise<unknown> {
  const answer = await res;
  const text = await answer.text();
  expect(answer.status, text).toBe(status);
  return text ? JSON.parse(text) : null;
}

describe('the edge cache never serves a page older than the last write', () => {
  it('post create: the home page, the category page and list, and the feed show the new post', async () => {
    const [author, category] = await Promise.all([createUser(), createCategory()]);
    const paths = ['/', `/category/${category.slug}`, `/api/posts?category=${category.slug}`, '/rss.xml', '/sitemap.xml'];
    await warm(...paths);
    const title = `Fresh post ${uid(8)}`;
    const post = await createPost(author, category, { title });
    for (const path of paths) {
      const seen = await visit(path);
      expect(seen.status, path).toBe(200);
      expect(seen.text.includes(path.endsWith('.xml') ? `/details/${post.slug}<` : title), path).toBe(true);
    }
  });

  it('post update: the post page and API show the new title', async () => {
    const [author, category] = await Promise.all([createUser(), createCategory()]);
    const post = await createPost(author, category, { title: `Old title ${uid(6)}` });
    await warm(`/details/${post.slug}`, `/api/posts/${post.slug}`);
    const title = `New title ${uid(6)}`;
    await write(callAs(author, `/api/posts/${post.slug}`, { method: 'PUT', json: updateOf(post, { title }) }));
    expect((await visit(`/details/${post.slug}`)).text).toContain(title);
    expect((await visit(`/api/posts/${post.slug}`)).text).toContain(title);
  });

  it('publish: a draft that visitors got as 404 (cached) is there once published', async () => {
    const [author, category] = await Promise.all([createUser(), createCategory()]);
    const draft = await createPost(author, category, { status: 'draft' });
    await warm(`/details/${draft.slug}`, `/api/posts/${draft.slug}`, `/api/posts?category=${category.slug}`);
    expect((await visit(`/details/${draft.slug}`)).status).toBe(404);
    await write(callAs(author, `/api/posts/${draft.slug}`, { method: 'PUT', json: updateOf(draft, { status: 'published' }) }));
    expect((await visit(`/details/${draft.slug}`)).status).toBe(200);
    expect((await visit(`/api/posts/${draft.slug}`)).status).toBe(200);
    expect((await visit(`/api/posts?category=${category.slug}`)).text).toContain(draft.slug);
  });

  it('unpublish (admin): the post page answers 404 and the list drops it', async () => {
    const [author, admin, category] = await Promise.all([createUser(), createAdmin(), createCategory()]);
    const post = await createPost(author, category);
    await warm(`/details/${post.slug}`, `/api/posts?category=${category.slug}`);
    await write(callAs(admin, `/api/admin/posts/${post.slug}`, { method: 'PATCH', json: { status: 'draft', version: post.version } }));
    expect((await visit(`/details/${post.slug}`)).status).toBe(404);
    expect((await visit(`/api/posts?category=${category.slug}`)).text).not.toContain(post.slug);
  });

  it('delete: the post page answers 404', async () => {
    const [author, category] = await Promise.all([createUser(), createCategory()]);
    const post = await createPost(author, category);
    await warm(`/details/${post.slug}`, `/api/posts/${post.slug}`);
    await write(callAs(author, `/api/posts/${post.slug}`, { method: 'DELETE' }), 204);
    expect((await visit(`/details/${post.slug}`)).status).toBe(404);
    expect((await visit(`/api/posts/${post.slug}`)).status).toBe(404);
  });

  it('slug change: the new address answers, cached as 404 before', async () => {
    const [author, category] = await Promise.all([createUser(), createCategory()]);
    const post = await createPost(author, category);
    const slug = `moved-${uid(8)}`;
    await warm(`/details/${post.slug}`, `/details/${slug}`, `/api/posts/${slug}`);
    expect((await visit(`/details/${slug}`)).status).toBe(404);
    const { post: moved } = (await write(
      callAs(author, `/api/posts/${post.slug}`, { method: 'PUT', json: updateOf(post, { slug }) }),
    )) as { post: Post };
    expect(moved.slug).toBe(slug);
    expect((await visit(`/details/${slug}`)).status).toBe(200);
    expect((await visit(`/api/posts/${slug}`)).status).toBe(200);
    expect((await visit(`/details/${post.slug}`)).status).not.toBe(200);
  });

  it('category create, update and delete: its page, the category list and its API follow each write', async () => {
    const admin = await createAdmin();
    const name = `Cat ${uid(8)}`;
    const slug = name.toLowerCase().replace(' ', '-');
    await warm(`/category/${slug}`, `/api/categories/${slug}`, '/api/categories?page=1');
    expect((await visit(`/category/${slug}`)).status).toBe(404);

    await write(callAs(admin, '/api/admin/categories', { json: { name, description: 'first words' } }), 201);
    expect((await visit(`/category/${slug}`)).status).toBe(200);
    expect((await visit(`/api/categories/${slug}`)).text).toContain('first words');
    await warm(`/category/${slug}`, `/api/categories/${slug}`);

    await write(callAs(admin, `/api/admin/categories/${slug}`, { method: 'PUT', json: { name, slug, description: 'second words' } }));
    expect((await visit(`/category/${slug}`)).text).toContain('second words');
    expect((await visit(`/api/categories/${slug}`)).text).toContain('second words');
    await warm(`/category/${slug}`, `/api/categories/${slug}`);

    await write(callAs(admin, `/api/admin/categories/${slug}`, { method: 'DELETE' }), 204);
    expect((await visit(`/category/${slug}`)).status).toBe(404);
    expect((await visit(`/api/categories/${slug}`)).status).toBe(404);
  });

  it('featured change: the featured API and the home page show the new list', async () => {
    const [author, admin, category] = await Promise.all([createUser(), createAdmin(), createCategory()]);
    const title = `Featured ${uid(8)}`;
    const post = await createPost(author, category, { title });
    await warm('/api/featured', '/');
    expect((await visit('/api/featured')).text).not.toContain(post.slug);
    await write(callAs(admin, '/api/admin/featured', { method: 'PUT', json: { slugs: [post.slug] } }));
    const featured = await json<{ items: { slug: string }[] }>(await call('/api/featured'));
    expect(featured.items.map((p) => p.slug)).toEqual([post.slug]);
    await warm('/api/featured');
    await write(callAs(admin, '/api/admin/featured', { method: 'PUT', json: { slugs: [] } }));
    expect((await visit('/api/featured')).text).not.toContain(post.slug);
  });

  it("profile change: the author's page and their post's page show the new name", async () => {
    const [author, category] = await Promise.all([createUser(), createCategory()]);
    const post = await createPost(author, category);
    const paths = [`/author/${author.username}`, `/api/users/${author.username}`, `/details/${post.slug}`];
    await warm(...paths);
    const name = `Renamed ${uid(8)}`;
    await write(callAs(author, '/api/profile', { method: 'PATCH', json: { name } }));
    for (const path of paths) expect((await visit(path)).text, path).toContain(name);
  });

  it("user disabled by an admin: the author's page answers 404", async () => {
    const [author, admin, category] = await Promise.all([createUser(), createAdmin(), createCategory()]);
    await createPost(author, category);
    await warm(`/author/${author.username}`, `/api/users/${author.username}`);
    expect((await visit(`/author/${author.username}`)).status).toBe(200);
    await write(callAs(admin, `/api/admin/users/${author.username}`, { method: 'PATCH', json: { disabled: true } }));
    expect((await visit(`/author/${author.username}`)).status).toBe(404);
    expect((await visit(`/api/users/${author.username}`)).status).toBe(404);
  });
});
