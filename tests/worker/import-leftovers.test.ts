// What an import must not leave behind or put in the wrong place (issue 20 item 15): a person whose
// every name is reserved on Byline (WordPress's `admin`) becomes the importing admin instead of an
// `admin-1`, and the export's featured posts lead the featured list in the export's order.
import { env } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ImportPost } from '../../contracts/import';
import type { ImportPlan } from '../../web/features/admin/import/import-plan';
import { callAs, featuredSlugs } from './admin-kit';
import { createAdmin, createCategory, createPost, createUser, uid } from './factories';
import { importAs, postOf } from './import-kit';

afterEach(() => {
  vi.restoreAllMocks();
});

const plan = (over: Partial<ImportPlan>): ImportPlan => ({
  source: 'wordpress',
  users: [],
  categories: [],
  tags: [],
  posts: [],
  featured: [],
  media: [],
  skipped: [],
  warnings: [],
  ...over,
});
const post = (slug: string, author: string, category: string, day: number): ImportPost => ({
  sourceId: `wordpress:${slug}`,
  slug,
  title: `Post ${slug}`,
  body: 'Body',
  status: 'published',
  publishedAt: `2024-03-${String(day).padStart(2, '0')}T10:00:00.000Z`,
  author,
  category,
});

describe('leftovers of an import', () => {
  it("WordPress's admin becomes the admin who imports: no admin-1 account, the posts are theirs", async () => {
    const importer = await createAdmin();
    const id = uid(6);
    const usersBefore = await env.DB.prepare('SELECT count(*) AS n FROM users').first('n');
    const { report } = await importAs(
      importer,
      plan({
        users: [{ username: 'admin', name: 'admin', email: `admin-${id}@wp.example.test` }],
        categories: [{ slug: `cat-${id}`, name: `Cat ${id}` }],
        posts: [post(`by-admin-${id}`, 'admin', `cat-${id}`, 1)],
      }),
    );
    expect(report.failed).toBeNull();
    expect(report.skipped).toContainEqual({ kind: 'user', key: 'admin', why: `“admin” is reserved on Byline; their posts go to you (${importer.username})`, mapsTo: importer.username });
    expect(await env.DB.prepare('SELECT count(*) AS n FROM users').first('n')).toBe(usersBefore);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM users WHERE username LIKE 'admin%'").first('n')).toBe(0);
    expect(await postOf(`by-admin-${id}`)).toMatchObject({ author: importer.username });
  });

  it("the export's featured posts lead the featured list, in the export's order; those featured before follow", async () => {
    const importer = await createAdmin();
    const [author, category] = await Promise.all([createUser(), createCategory()]);
    const already = await createPost(author, category, { status: 'published' });
    expect((await callAs(importer, '/api/admin/featured', { method: 'PUT', json: { slugs: [already.slug] } })).status).toBe(200);

    const id = uid(6);
    const slugs = ['c', 'a', 'b'].map((s) => `sticky-${s}-${id}`);
    const { report } = await importAs(
      importer,
      plan({
        users: [{ username: `wp-${id}`, name: 'WP', email: `wp-${id}@wp.example.test` }],
        posts: slugs.map((slug, i) => post(slug, `wp-${id}`, category.slug, i + 1)),
        featured: slugs,
      }),
    );
    expect(report.imported.featured).toBe(3);
    expect(await featuredSlugs()).toEqual([...slugs, already.slug]);

    // Importing again changes nothing, the order included.
    const again = await importAs(importer, plan({ users: [], posts: [], featured: slugs }));
    expect(again.report.imported.featured).toBe(0);
    expect(await featuredSlugs()).toEqual([...slugs, already.slug]);
  });
});
