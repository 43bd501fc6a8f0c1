// Never stale after an import: a visitor's home, post list, featured list, category, tag and author
// pages are first served from the edge cache (HIT); after a WordPress import lands, the next visitor read
// shows the imported posts, authors, categories, tags and sticky posts.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ImportPlan } from '../../web/features/admin/import/import-plan';
import parsedWxr from '../fixtures/import/wordpress.plan.json?raw';
import { createAdmin } from './factories';
import { call } from './helpers';
import { importAs, stubInternet } from './import-kit';

async function visit(path: string) {
  const res = await call(path);
  return { status: res.status, cache: res.headers.get('x-cache'), text: await res.text() };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the edge cache never serves pages older than an import', () => {
  it('home, lists, featured, category, tag and author pages show what the import brought', async () => {
    const admin = await createAdmin();
    const paths = ['/', '/api/posts', '/api/featured', '/category/news', '/api/tags/photography', '/author/jane', '/rss.xml'];
    for (const path of paths) {
      await visit(path);
      expect((await visit(path)).cache, `${path} second read`).toBe('HIT');
    }
    expect((await visit('/author/jane')).status).toBe(404);

    stubInternet();
    const { report } = await importAs(admin, JSON.parse(parsedWxr) as ImportPlan);
    expect(report.failed).toBeNull();

    expect((await visit('/')).text).toContain('Hello from the blocks');
    expect((await visit('/api/posts')).text).toContain('"slug":"hello-from-the-blocks"');
    expect((await visit('/api/featured')).text).toContain('"slug":"hello-from-the-blocks"');
    expect((await visit('/rss.xml')).text).toContain('Hello from the blocks');
    const category = await visit('/category/news');
    expect(category.status).toBe(200);
    expect(category.text).toContain('News &amp; Notes');
    expect((await visit('/api/tags/photography')).status).toBe(200);
    const author = await visit('/author/jane');
    expect(author.status).toBe(200);
    expect(author.text).toContain('Jane Doe');
  });
});
