// Importing a WordPress export (tests/fixtures/import/wordpress.xml: blocks, classic HTML, a draft,
// two sticky posts, tags, two authors, images), importing it again, then exporting the site and
// importing that export into an emptied Byline. The tests of this file run in order on one D1.
import { env } from 'cloudflare:test';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { BylineExport } from '../../contracts/import';
import { parseBylineExport } from '../../web/features/admin/import/import-byline';
import type { ImportPlan } from '../../web/features/admin/import/import-plan';
// wordpress.xml as the browser or the CLI parses it (tests/web/import-parse.test.ts keeps this file in step).
import parsedWxr from '../fixtures/import/wordpress.plan.json?raw';
import { callAs, dbSnapshot, featuredSlugs } from './admin-kit';
import { createAdmin, type TestUser } from './factories';
import { call } from './helpers';
import { emptySiteBut, importAs, postOf, stubInternet, tagsOf } from './import-kit';

const plan = () => JSON.parse(parsedWxr) as ImportPlan;

let admin: TestUser;
beforeAll(async () => {
  admin = await createAdmin();
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('WordPress import', () => {
  it('imports authors, categories, tags, posts (blocks and classic), drafts, sticky posts and images', async () => {
    const requested = stubInternet();
    const { report, progress } = await importAs(admin, plan());

    expect(report.failed).toBeNull();
    expect(report.landed).toEqual([1, 2, 3, 4, 5]);
    expect(report.imported).toEqual({ users: 2, categories: 2, tags: 2, posts: 3, featured: 2, images: 2, redirects: 4, settings: 0, pages: 1, menus: 0 });
    expect(report.skipped).toEqual([]);
    // The WordPress page is a Byline page at /about, published, by its author.
    const about = await env.DB.prepare("SELECT p.title, p.status, p.body, u.username FROM pages p JOIN users u ON u.id = p.author_id WHERE p.slug = 'about'").first();
    expect(about).toEqual({ title: 'About', status: 'published', body: 'About this blog.', username: 'jane' });
    expect(report.warnings.some((w) => w.includes('https://unreachable.example.test/gone.jpg'))).toBe(true);
    expect(progress.at(-1)).toMatchObject({ label: 'Done' });
    expect(requested.sort()).toEqual(['https://images.example.test/cat.png', 'https://images.example.test/cover.jpg', 'https://unreachable.example.test/gone.jpg']);

    // Authors: role author, a password nobody knows, public pages like any author.
    const jane = await env.DB.prepare("SELECT * FROM users WHERE username = 'jane'").first<Record<string, unknown>>();
    expect(jane).toMatchObject({ name: 'Jane Doe', email: 'jane@fieldnotes.example.test', role: 1, disabled_at: null, bio: '' });
    expect(String(jane!.password_hash)).toMatch(/^pbkdf2-sha256\$100000\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    const bob = await env.DB.prepare("SELECT name, email, role FROM users WHERE username = 'bob-smith'").first();
    expect(bob).toEqual({ name: 'Bob Smith', email: 'bob@fieldnotes.example.test', role: 1 });
    for (const password of ['', 'password', 'jane', 'jane@fieldnotes.example.test']) {
      const res = await call('/api/auth/login', { json: { login: 'jane', password: password || 'x' } });
      expect(res.status).toBe(401);
    }
    expect((await call('/api/users/jane')).status).toBe(200);

    const cats = (await env.DB.prepare('SELECT slug, name, description FROM categories ORDER BY slug').all()).results;
    expect(cats).toEqual([
      { slug: 'news', name: 'News & Notes', description: 'What happened' },
      { slug: 'travel', name: 'Travel', description: '' },
    ]);
    const tags = (await env.DB.prepare('SELECT slug, name FROM tags ORDER BY slug').all()).results;
    expect(tags).toEqual([
      { slug: 'photography', name: 'Photography' },
      { slug: 'tips', name: 'Tips' },
    ]);

    // The block post: every field, the image copied and the body pointing at it.
    const blocks = (await postOf('hello-from-the-blocks'))!;
    expect(blocks).toMatchObject({
      title: 'Hello from the blocks',
      excerpt: 'A first post written with blocks.',
      status: 'published',
      published_at: Date.UTC(2024, 2, 1, 9, 30),
      created_at: Date.UTC(2024, 2, 1, 9, 30),
      updated_at: Date.UTC(2024, 2, 2, 11, 0),
      category: 'news',
      author: 'jane',
      version: 1,
      reading_minutes: 1,
    });
    expect(blocks.body).not.toMatch(/<!--|wp:|<p>|<figure/);
    expect(blocks.body).toContain('Welcome to **Field Notes**. Read [about us](https://example.com/about).');
    expect(blocks.body).toContain('## A cat');
    expect(blocks.body).toMatch(/!\[A sleeping cat\]\(\/media\/[0-9a-f]{32}\.png\)/);
    expect(blocks.body).toContain('> Less is more.');
    expect(blocks.body).toContain('```\nnpm run import -- site.xml\n```');
    expect(blocks.body).toContain('| City | Days |\n| --- | --- |\n| Lisbon | 3 |');
    expect(blocks.body).toMatch(/-\s+First thing\n-\s+Second thing/);
    expect(blocks.cover_image).toMatch(/^\/media\/[0-9a-f]{32}\.jpg$/);
    expect(blocks.body_html).toContain('<h2>A cat</h2>');
    expect(blocks.body_html).toContain('<table>');
    expect(await tagsOf('hello-from-the-blocks')).toEqual(['photography', 'tips']);
    const key = blocks.body.match(/\/media\/([0-9a-f]{32}\.png)/)![1]!;
    const image = await call(`/media/${key}`);
    expect(image.status).toBe(200);
    expect(new Uint8Array(await image.arrayBuffer()).slice(0, 4)).toEqual(new Uint8Array([0x89, 0x50, 0x4e, 0x47]));
    expect(await env.DB.prepare('SELECT count(*) AS n FROM media').first('n')).toBe(2);

    // The classic post: wpautop'd paragraphs, an unreachable image kept, excerpt made from the body.
    const classic = (await postOf('classic-days'))!;
    expect(classic).toMatchObject({ title: 'Classic days in Lisbon', status: 'published', published_at: Date.UTC(2024, 1, 10, 8), author: 'bob-smith', category: 'travel', cover_image: null });
    expect(classic.body).toContain('We arrived on a _Tuesday_.');
    expect(classic.body).toContain('### Where we ate');
    expect(classic.body).toContain('1.  Time Out Market');
    expect(classic.body).toContain('![Tram 28](https://unreachable.example.test/gone.jpg)');
    expect(classic.body).toContain('```\nls -la\ncd lisbon\n```');
    expect(classic.excerpt).toMatch(/^We arrived on a Tuesday\./);
    expect(await tagsOf('classic-days')).toEqual(['tips']);

    // The draft: no slug in WordPress, so one from its title; no publication date.
    const draft = (await postOf('an-unfinished-thought'))!;
    expect(draft).toMatchObject({ status: 'draft', published_at: null, author: 'jane', body: 'Not ready yet.', updated_at: Date.UTC(2024, 3, 2, 9) });
    expect(await postOf('about')).toBeNull();

    // Sticky posts joined the featured list, newest first.
    expect(await featuredSlugs()).toEqual(['hello-from-the-blocks', 'classic-days']);
    const list = (await (await call('/api/posts?tag=tips')).json()) as { total: number };
    expect(list.total).toBe(2);
  });

  it("the old site's addresses answer 301 to the imported posts: /?p=ID and the dated permalink", async () => {
    for (const [path, slug] of [['/?p=10', 'hello-from-the-blocks'], ['/2024/03/01/hello-from-the-blocks/', 'hello-from-the-blocks'], ['/?p=11', 'classic-days']] as const) {
      const res = await call(path);
      expect([res.status, res.headers.get('location')], path).toEqual([301, `/details/${slug}`]);
    }
  });

  it('importing the same file again changes nothing and reports everything as skipped', async () => {
    const requested = stubInternet();
    const before = await dbSnapshot();
    const { report } = await importAs(admin, plan());
    expect(report.failed).toBeNull();
    expect(report.imported).toEqual({ users: 0, categories: 0, tags: 0, posts: 0, featured: 0, images: 0, redirects: 0, settings: 0, pages: 0, menus: 0 });
    const whys = report.skipped.map((s) => `${s.kind}:${s.key}:${s.why}`);
    expect(whys).toEqual(
      expect.arrayContaining([
        'user:jane:An account with this username exists; its posts go to that account',
        'category:news:A category with this slug exists',
        'tag:tips:A tag with this slug exists',
        'post:hello-from-the-blocks:A post with this slug exists',
        'post:classic-days:A post with this slug exists',
        'post:an-unfinished-thought:A post with this slug exists',
        'featured:hello-from-the-blocks:Already featured',
      ]),
    );
    // Copied images are found by their address; only the unreachable one is tried again.
    expect(requested).toEqual(['https://unreachable.example.test/gone.jpg']);
    expect(await dbSnapshot()).toEqual(before);
  });

  it('exports everything but password hashes and sessions, and the export recreates the site in an empty Byline', async () => {
    const res = await callAs(admin, '/api/admin/export');
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).not.toMatch(/pbkdf2|password|secret_hash/);
    const exported = JSON.parse(text) as BylineExport;
    expect(exported.format).toBe('byline-export');
    expect(exported.posts.map((p) => p.slug).sort()).toEqual(['an-unfinished-thought', 'classic-days', 'hello-from-the-blocks']);
    expect(exported.posts.find((p) => p.slug === 'hello-from-the-blocks')!.tags).toEqual(['photography', 'tips']);
    expect(exported.featured).toEqual(['hello-from-the-blocks', 'classic-days']);
    // The cover's alt text came from the WordPress attachment (_wp_attachment_image_alt).
    expect(exported.posts.find((p) => p.slug === 'hello-from-the-blocks')!.coverAlt).toBe('Field notebook open on a mossy rock');
    expect(exported.media).toHaveLength(2);
    const files = new Map<string, Uint8Array>();
    for (const m of exported.media) files.set(`media/${m.key}`, new Uint8Array(await (await call(m.url)).arrayBuffer()));

    await emptySiteBut(admin, exported.media.map((m) => m.key));
    expect(await env.DB.prepare('SELECT count(*) AS n FROM posts').first('n')).toBe(0);

    const requested = stubInternet();
    const { report } = await importAs(admin, parseBylineExport(exported, files));
    expect(report.failed).toBeNull();
    expect(report.imported).toMatchObject({ users: 2, categories: 2, tags: 2, posts: 3, featured: 2, images: 2 });
    expect(requested.filter((u) => !u.includes('unreachable'))).toEqual([]);

    const again = (await (await callAs(admin, '/api/admin/export')).json()) as BylineExport;
    const stable = (e: BylineExport) => ({
      ...e,
      exportedAt: '',
      users: e.users.map((u) => ({ ...u, createdAt: '' })),
      media: e.media.map((m) => ({ ...m, createdAt: '' })),
    });
    expect(stable(again)).toEqual(stable(exported));
    const blocks = (await postOf('hello-from-the-blocks'))!;
    expect((await call(blocks.cover_image!)).status).toBe(200);
  });
});
