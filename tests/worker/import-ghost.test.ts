// Importing a Ghost export (tests/fixtures/import/ghost.json: html, lexical-only and mobiledoc posts, a
// page, a featured post, the primary tag as category, an internal tag, two authors, images).
import { env } from 'cloudflare:test';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ImportPlan } from '../../web/features/admin/import/import-plan';
// ghost.json as the browser or the CLI parses it (tests/web/import-parse.test.ts keeps this file in step).
import parsedGhost from '../fixtures/import/ghost.plan.json?raw';
import { dbSnapshot, featuredSlugs } from './admin-kit';
import { createAdmin, createCategory, type TestUser } from './factories';
import { call } from './helpers';
import { importAs, postOf, stubInternet, tagsOf } from './import-kit';

const plan = () => JSON.parse(parsedGhost) as ImportPlan;

let admin: TestUser;
beforeAll(async () => {
  admin = await createAdmin();
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('Ghost import', () => {
  it('imports users, the primary tag as category, other public tags, posts of every editor format, featured', async () => {
    // An existing category with the same name as a Ghost tag: the posts go to it instead of a duplicate.
    await env.DB.prepare("INSERT INTO categories (slug, name) VALUES ('our-history', 'History')").run();
    stubInternet();
    const { report } = await importAs(admin, plan());
    expect(report.failed).toBeNull();
    expect(report.imported).toEqual({ users: 2, categories: 2, tags: 1, posts: 3, featured: 1, images: 2, redirects: 4, settings: 0, pages: 1, menus: 0 });
    expect(report.skipped).toEqual(
      expect.arrayContaining([
        { kind: 'category', key: 'history', why: 'A category named “History” exists (our-history); its posts go to it', mapsTo: 'our-history' },
      ]),
    );

    // Ghost's page (type "page") is a Byline page, published, by its Ghost author.
    const contact = await env.DB.prepare("SELECT p.title, p.status, p.body, u.username FROM pages p JOIN users u ON u.id = p.author_id WHERE p.slug = 'contact'").first();
    expect(contact).toEqual({ title: 'Contact', status: 'published', body: 'Write to us.', username: 'ada' });

    const ada = await env.DB.prepare("SELECT name, email, role, bio, image FROM users WHERE username = 'ada'").first();
    expect(ada).toEqual({ name: 'Ada Ghost', email: 'ada@ghost.example.test', role: 1, bio: 'Writes code.', image: 'https://images.example.test/ada.png' });
    expect(await env.DB.prepare("SELECT name FROM users WHERE username = 'linus'").first('name')).toBe('Linus Spirit');
    expect((await call('/api/auth/login', { json: { login: 'ada@ghost.example.test', password: 'anything-at-all' } })).status).toBe(401);

    const html = (await postOf('ghost-in-the-machine'))!;
    expect(html).toMatchObject({
      title: 'Ghost in the machine',
      excerpt: 'Haunted by markup.',
      status: 'published',
      published_at: Date.UTC(2024, 3, 2, 8),
      created_at: Date.UTC(2024, 3, 1, 8),
      updated_at: Date.UTC(2024, 3, 3, 8),
      author: 'ada',
      category: 'engineering',
    });
    expect(String(html.body)).toMatch(/^Ghost posts are \*\*HTML\*\* here\.\n\n## Setup\n\n!\[Ghost logo\]\(\/media\/[0-9a-f]{32}\.png\)\n\n_The logo_\n\n> Quoted\n\n```js\nconsole.log\(1\)\n```$/);
    expect(String(html.cover_image)).toMatch(/^\/media\/[0-9a-f]{32}\.png$/);
    expect(String(html.body_html)).toContain('<code class="language-js">');
    expect(await tagsOf('ghost-in-the-machine')).toEqual(['javascript']);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM tags WHERE slug = 'hash-newsletter'").first('n')).toBe(0);

    expect(await postOf('lexical-only-draft')).toMatchObject({ status: 'draft', published_at: null, author: 'linus', category: 'uncategorized', body: '## Drafted in Lexical\n\nSee [this](https://example.com)' });
    expect(await postOf('from-mobiledoc-days')).toMatchObject({ status: 'published', body: 'Old **markdown** card', category: 'our-history', published_at: Date.UTC(2020, 0, 1, 9) });
    expect(await postOf('contact')).toBeNull();
    expect(await featuredSlugs()).toEqual(['ghost-in-the-machine']);
  });

  it('importing it again changes nothing', async () => {
    stubInternet();
    const before = await dbSnapshot();
    const { report } = await importAs(admin, plan());
    expect(report.imported).toEqual({ users: 0, categories: 0, tags: 0, posts: 0, featured: 0, images: 0, redirects: 0, settings: 0, pages: 0, menus: 0 });
    expect(report.skipped.filter((s) => s.kind === 'post')).toHaveLength(3);
    expect(report.skipped).toContainEqual({ kind: 'page', key: 'contact', why: 'A page with this slug exists' });
    expect(await dbSnapshot()).toEqual(before);
  });

  it('sends posts to an existing account matched by email, and reports it', async () => {
    const category = await createCategory();
    await env.DB.prepare("INSERT INTO users (username, name, email, password_hash) VALUES ('grace', 'Grace', 'grace@ghost.example.test', 'x')").run();
    const p = plan();
    p.users = [{ username: 'grace-h', name: 'Grace H', email: 'GRACE@ghost.example.test' }];
    p.categories = [];
    p.tags = [];
    p.featured = [];
    p.posts = [{ ...p.posts[0]!, slug: 'by-grace', author: 'grace-h', category: category.slug, tags: [], coverImage: null, body: 'Hi' }];
    const { report } = await importAs(admin, p);
    expect(report.skipped).toContainEqual({ kind: 'user', key: 'grace-h', why: 'The email belongs to the account grace; its posts go to that account', mapsTo: 'grace' });
    expect(await postOf('by-grace')).toMatchObject({ author: 'grace' });
  });
});
