// Issue 8, posts: republishing keeps its date (item 8), automatic excerpts (9), slugs under concurrency
// (15), writes racing a category delete (16), HTML stored at write time and a bounded parser (20), and
// slugs of titles in any script (21). No answer of any of these may be a 500.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { Post, PostResponse } from '../../contracts/posts';
import { SLUG_PATTERN } from '../../contracts/slug';
import { MARKDOWN_RULES_VERSION, MAX_NESTING } from '../../worker/lib/markdown';
import { callAs } from './admin-kit';
import { createAdmin, createCategory, createPost, createUser, json, postInput, postRow, uid, updateOf, type TestUser } from './factories';
import { call, expectError } from './helpers';

const put = (who: TestUser, post: Post, overrides: Record<string, unknown>) =>
  callAs(who, `/api/posts/${encodeURIComponent(post.slug)}`, { method: 'PUT', json: updateOf(post, overrides) });
const read = async (slug: string, who: TestUser | null = null) =>
  (await json<PostResponse>(await callAs(who, `/api/posts/${encodeURIComponent(slug)}`))).post;
const OCTOBER = '2025-10-14T09:30:00.000Z';

describe('republishing keeps the first publication date (item 8)', () => {
  it('unpublish then publish (editor PUT, "Publish now" sends null) keeps an October date', async () => {
    const [owner, category] = await Promise.all([createUser(), createCategory()]);
    const post = await createPost(owner, category, { publishedAt: OCTOBER });
    const draft = (await json<PostResponse>(await put(owner, post, { status: 'draft' }))).post;
    expect(draft.publishedAt).toBe(OCTOBER);
    const again = (await json<PostResponse>(await put(owner, draft, { status: 'published', publishedAt: null }))).post;
    expect(again.publishedAt).toBe(OCTOBER);
    const absent = (await json<PostResponse>(await put(owner, again, { status: 'draft', publishedAt: null }))).post;
    const republished = (await json<PostResponse>(await put(owner, absent, { status: 'published' }))).post;
    expect(republished.publishedAt).toBe(OCTOBER);
  });

  it('the admin list: unpublish (publishedAt null) then publish keeps the date and the place in the feed', async () => {
    const [admin, author, category] = await Promise.all([createAdmin(), createUser(), createCategory()]);
    const post = await createPost(author, category, { publishedAt: OCTOBER });
    const patch = (body: unknown) => callAs(admin, `/api/admin/posts/${post.slug}`, { method: 'PATCH', json: body });
    await json(await patch({ status: 'draft', publishedAt: null, version: 1 }));
    const { post: back } = await json<PostResponse>(await patch({ status: 'published', publishedAt: null, version: 2 }));
    expect(back.publishedAt).toBe(OCTOBER);
    expect((await postRow(post.slug))!.published_at).toBe(Date.parse(OCTOBER));
  });

  it('an explicit date wins; a draft never published, or only scheduled, is published now', async () => {
    const [owner, category] = await Promise.all([createUser(), createCategory()]);
    const post = await createPost(owner, category, { publishedAt: OCTOBER });
    const redated = (await json<PostResponse>(await put(owner, post, { publishedAt: '2025-11-01T00:00:00Z' }))).post;
    expect(redated.publishedAt).toBe('2025-11-01T00:00:00.000Z');

    const fresh = await createPost(owner, category, { status: 'draft' });
    const now = (await json<PostResponse>(await put(owner, fresh, { status: 'published', publishedAt: null }))).post;
    expect(Math.abs(Date.parse(now.publishedAt!) - Date.now())).toBeLessThan(60_000);

    const future = new Date(Date.now() + 86_400_000).toISOString();
    const scheduled = await createPost(owner, category, { publishedAt: future });
    const unscheduled = (await json<PostResponse>(await put(owner, scheduled, { status: 'draft', publishedAt: null }))).post;
    const published = (await json<PostResponse>(await put(owner, unscheduled, { status: 'published', publishedAt: null }))).post;
    expect(Math.abs(Date.parse(published.publishedAt!) - Date.now())).toBeLessThan(60_000);
  });
});

describe('automatic excerpts (item 9)', () => {
  it('separates headings and list items with spaces and strips Markdown syntax', async () => {
    const [owner, category] = await Promise.all([createUser(), createCategory()]);
    const post = await createPost(owner, category, { body: '# Title\n\n- one\n- two' });
    expect(post.excerpt).toBe('Title one two');
    const rich = await createPost(owner, category, {
      body: '## Heading\n1. **first**\n2. _second_\n\n> quoted `code`\n\n| a | b |\n|---|---|\n| c | d |\n\n[link](https://example.com/) ![alt](https://example.com/i.png)',
    });
    expect(rich.excerpt).toBe('Heading first second quoted code a b c d link alt');
  });

  it('never cuts inside an emoji: no U+FFFD or lone surrogate is stored, and the cut ends with an ellipsis', async () => {
    const [owner, category] = await Promise.all([createUser(), createCategory()]);
    // An odd offset, so a cut by UTF-16 units would land between the halves of a surrogate pair.
    for (const body of [`a${'😀'.repeat(200)}`, `x${'👩‍👩‍👧‍👦 '.repeat(120)}`, `${'ab 🇫🇷 '.repeat(60)}`]) {
      const post = await createPost(owner, category, { body });
      const stored = (await postRow(post.slug))!.excerpt;
      expect(stored).not.toContain('\uFFFD');
      expect(stored.replace(/[\uD800-\uDBFF][\uDC00-\uDFFF]/g, '')).not.toMatch(/[\uD800-\uDFFF]/);
      expect(stored.endsWith('…')).toBe(true);
      expect(body.replace(/\s+/g, ' ').startsWith(stored.slice(0, -1))).toBe(true);
      expect(stored.length).toBeLessThanOrEqual(300);
      // The excerpt made here is one the editor may send back unchanged.
      await json(await put(owner, post, { excerpt: stored }));
    }
  });
});

describe('slugs under concurrency (item 15)', () => {
  it('10 parallel creates with the same title: all 201, 10 distinct slugs base, base-2 … base-10', async () => {
    const [owner, category] = await Promise.all([createUser(), createCategory()]);
    const title = `Same title ${uid(8)}`;
    const base = title.toLowerCase().replace(/ /g, '-');
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => callAs(owner, '/api/posts', { json: postInput(category, { title }) })),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses).toEqual(Array(10).fill(201));
    const slugs = await Promise.all(responses.map(async (r) => ((await r.json()) as PostResponse).post.slug));
    expect(new Set(slugs).size).toBe(10);
    expect([...slugs].sort()).toEqual([base, ...Array.from({ length: 9 }, (_, i) => `${base}-${i + 2}`)].sort());
  });

  it('20 parallel creates of categories whose names give the same slug: all 201, distinct slugs', async () => {
    const admin = await createAdmin();
    const stem = `Desk ${uid(6)}`;
    const names = Array.from({ length: 20 }, (_, i) => `${stem}${'!'.repeat(i + 1)}`);
    const responses = await Promise.all(names.map((name) => callAs(admin, '/api/admin/categories', { json: { name } })));
    expect(responses.map((r) => r.status)).toEqual(Array(20).fill(201));
    const slugs = await Promise.all(responses.map(async (r) => ((await r.json()) as { category: { slug: string } }).category.slug));
    expect(new Set(slugs).size).toBe(20);
  });

  it('parallel creates of one category name: one 201, the rest 409 naming the field, never a 500', async () => {
    const admin = await createAdmin();
    const name = `Only once ${uid(6)}`;
    const responses = await Promise.all(Array.from({ length: 8 }, () => callAs(admin, '/api/admin/categories', { json: { name } })));
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses).toEqual([201, ...Array(7).fill(409)]);
    for (const r of responses.filter((x) => x.status === 409)) expect((await expectError(r, 409, 'conflict')).error.fields).toHaveProperty('name');
  });
});

describe('writes racing a category delete (item 16)', () => {
  it('parallel creates and edits while an admin deletes their category: only 201/200/204/409/422, no orphan', async () => {
    for (let round = 0; round < 3; round++) {
      const [admin, owner, category, other] = await Promise.all([createAdmin(), createUser(), createCategory(), createCategory()]);
      const movable = await createPost(owner, other);
      const writes = [
        ...Array.from({ length: 6 }, () => callAs(owner, '/api/posts', { json: postInput(category) })),
        put(owner, movable, { category: category.slug }),
      ];
      const racing = await Promise.all([...writes.slice(0, 3), callAs(admin, `/api/admin/categories/${category.slug}`, { method: 'DELETE' }), ...writes.slice(3)]);
      for (const res of racing) {
        const body = await res.clone().text();
        expect([200, 201, 204, 409, 422], body).toContain(res.status);
        if (res.status === 422) expect(JSON.parse(body).error.fields).toHaveProperty('category');
      }
      const orphans = await env.DB.prepare('SELECT count(*) AS n FROM posts p LEFT JOIN categories c ON c.id = p.category_id WHERE c.id IS NULL').first<{ n: number }>();
      expect(orphans!.n).toBe(0);
      const deleted = racing[3]!;
      if (deleted.status === 409) expect((await deleted.json()) as object).toMatchObject({ error: { code: 'conflict' } });
    }
  });

  it('a category deleted between the look-up and the write: create and update answer 422 fields.category', async () => {
    // A trigger replays the race deterministically: the category goes just before the row is written.
    const marker = `fk-race-${uid(8)}`;
    await env.DB.prepare(
      `CREATE TRIGGER "${marker}-insert" BEFORE INSERT ON posts WHEN NEW.title = '${marker}' BEGIN DELETE FROM categories WHERE id = NEW.category_id; END`,
    ).run();
    await env.DB.prepare(
      `CREATE TRIGGER "${marker}-update" BEFORE UPDATE ON posts WHEN NEW.title = '${marker}' BEGIN DELETE FROM categories WHERE id = NEW.category_id; END`,
    ).run();
    try {
      const [owner, doomed, kept, target] = await Promise.all([createUser(), createCategory(), createCategory(), createCategory()]);
      const created = await callAs(owner, '/api/posts', { json: postInput(doomed, { title: marker }) });
      expect((await expectError(created, 422, 'validation_failed')).error.fields).toEqual({ category: 'Choose an existing category' });
      const post = await createPost(owner, kept);
      const moved = await put(owner, post, { title: marker, category: target.slug });
      expect((await expectError(moved, 422, 'validation_failed')).error.fields).toEqual({ category: 'Choose an existing category' });
      expect((await postRow(post.slug))!.version).toBe(1);
    } finally {
      await env.DB.prepare(`DROP TRIGGER "${marker}-insert"`).run();
      await env.DB.prepare(`DROP TRIGGER "${marker}-update"`).run();
    }
  });

  it('the error policy maps every kind of constraint failure D1 reports to 409 or 422, never 500', async () => {
    const failures: unknown[] = [];
    const attempt = async (statement: string, ...binds: unknown[]) => {
      try {
        await env.DB.prepare(statement).bind(...binds).run();
      } catch (err) {
        failures.push(err);
      }
    };
    const category = await createCategory();
    await attempt('INSERT INTO categories (slug, name) VALUES (?, ?)', category.slug, `x ${uid()}`);
    await attempt('INSERT INTO posts (slug, title, category_id, author_id) VALUES (?, ?, ?, ?)', `p-${uid()}`, 't', 2_000_000_000, 2_000_000_000);
    await attempt('INSERT INTO categories (slug, name) VALUES (?, NULL)', `c-${uid()}`);
    expect(failures).toHaveLength(3);
    const { constraintError } = await import('../../worker/lib/http-error');
    const { constraintFailureOf } = await import('../../worker/db/constraint-failure');
    const mapped = failures.map((f) => constraintError(constraintFailureOf(f)!));
    expect(mapped.map((e) => [e.status, e.code, e.fields])).toEqual([
      [409, 'conflict', { slug: 'This is already taken' }],
      [422, 'validation_failed', undefined],
      [422, 'validation_failed', { name: 'This is required' }],
    ]);
  });
});

describe('post HTML stored at write time (item 20)', () => {
  it('a write stores body_html with the rules version; a read serves the stored HTML without rendering', async () => {
    const [owner, category] = await Promise.all([createUser(), createCategory()]);
    const post = await createPost(owner, category, { body: 'Hello **world**' });
    const row = await env.DB.prepare('SELECT body_html, body_html_version FROM posts WHERE slug = ?').bind(post.slug).first<{
      body_html: string;
      body_html_version: number;
    }>();
    expect(row).toEqual({ body_html: '<p>Hello <strong>world</strong></p>\n', body_html_version: MARKDOWN_RULES_VERSION });
    await env.DB.prepare('UPDATE posts SET body_html = ? WHERE slug = ?').bind('<p>stored, not rendered</p>', post.slug).run();
    expect((await read(post.slug)).bodyHtml).toBe('<p>stored, not rendered</p>');
    const admin = await createAdmin();
    const viaAdmin = await json<PostResponse>(await callAs(admin, `/api/admin/posts/${post.slug}`));
    expect(viaAdmin.post.bodyHtml).toBe('<p>stored, not rendered</p>');
  });

  it('a row from before migration 0004 (body_html NULL) or older rules is rendered once on read and stored', async () => {
    const [owner, category] = await Promise.all([createUser(), createCategory()]);
    const post = await createPost(owner, category, { body: 'Old *post*' });
    await env.DB.prepare('UPDATE posts SET body_html = NULL, body_html_version = NULL WHERE slug = ?').bind(post.slug).run();
    expect((await read(post.slug)).bodyHtml).toBe('<p>Old <em>post</em></p>\n');
    expect(await env.DB.prepare('SELECT body_html, body_html_version FROM posts WHERE slug = ?').bind(post.slug).first()).toEqual({
      body_html: '<p>Old <em>post</em></p>\n',
      body_html_version: MARKDOWN_RULES_VERSION,
    });
    await env.DB.prepare('UPDATE posts SET body_html = ?, body_html_version = ? WHERE slug = ?').bind('<p>old rules</p>', MARKDOWN_RULES_VERSION - 1, post.slug).run();
    expect((await read(post.slug)).bodyHtml).toBe('<p>Old <em>post</em></p>\n');
    // The fill never overwrites a newer write: version unchanged, updated_at untouched.
    expect((await postRow(post.slug))!.version).toBe(1);
  });

  it('an update re-renders and stores the new HTML', async () => {
    const [owner, category] = await Promise.all([createUser(), createCategory()]);
    const post = await createPost(owner, category, { body: 'first' });
    const { post: saved } = await json<PostResponse>(await put(owner, post, { body: 'second _take_' }));
    expect(saved.bodyHtml).toBe('<p>second <em>take</em></p>\n');
    const row = await env.DB.prepare('SELECT body_html FROM posts WHERE slug = ?').bind(post.slug).first<{ body_html: string }>();
    expect(row!.body_html).toBe('<p>second <em>take</em></p>\n');
  });
});

describe('the Markdown parser is bounded (item 20)', () => {
  const create = async (body: string) => {
    const [owner, category] = await Promise.all([createUser(), createCategory()]);
    return createPost(owner, category, { body });
  };

  it('100 KB of "[" renders as one paragraph of literal brackets', async () => {
    const post = await create('['.repeat(100_000));
    expect(post.bodyHtml).toBe(`<p>${'['.repeat(100_000)}</p>\n`);
  });

  it('50 K of "![" and of "[a](" render as literal text', async () => {
    const images = await create('!['.repeat(50_000));
    expect(images.bodyHtml).toBe(`<p>${'!['.repeat(50_000)}</p>\n`);
    expect(images.bodyHtml).not.toContain('<img');
    const links = await create('[a]('.repeat(25_000));
    expect(links.bodyHtml).not.toContain('<a');
  });

  it('real links keep working: beside a few stray brackets, after a paragraph of them, and 500 in a paragraph', async () => {
    const link = '<a href="https://example.com/" rel="nofollow ugc noopener">real</a>';
    expect((await create('a [ b [ c [real](https://example.com/) ] d')).bodyHtml).toContain(link);
    const after = await create(`${'['.repeat(50_000)}\n\nThen a [real](https://example.com/) link.`);
    expect(after.bodyHtml).toContain(`<p>Then a ${link} link.</p>`);
    const normal = await create(Array.from({ length: 500 }, (_, i) => `[link ${i}](https://example.com/${i})`).join(' '));
    expect(normal.bodyHtml.match(/<a /g)).toHaveLength(500);
  });

  it(`quotes and lists nest at most ${MAX_NESTING} deep; text after them survives`, async () => {
    const quotes = await create(`${'>'.repeat(50_000)} deep\n\nafter the quote`);
    expect((quotes.bodyHtml.match(/<blockquote>/g) ?? []).length).toBeLessThanOrEqual(MAX_NESTING);
    expect(quotes.bodyHtml).toContain('<p>after the quote</p>');
    const lists = await create('- '.repeat(40_000));
    expect((lists.bodyHtml.match(/<ul>/g) ?? []).length).toBeLessThanOrEqual(MAX_NESTING);
  });

  it('deep emphasis renders balanced markup', async () => {
    const post = await create(`${'*a'.repeat(40_000)}`);
    const open = (post.bodyHtml.match(/<em>/g) ?? []).length;
    expect(open).toBe((post.bodyHtml.match(/<\/em>/g) ?? []).length);
  });
});

describe('slugs of titles in any script (item 21)', () => {
  it('transliterates where a transliteration exists and keeps CJK, through the API', async () => {
    const [owner, category] = await Promise.all([createUser(), createCategory()]);
    const id = uid(6);
    const cases: [string, string][] = [
      [`Łódź ${id}`, `lodz-${id}`],
      [`Привет мир ${id}`, `privet-mir-${id}`],
      [`Straße ${id}`, `strasse-${id}`],
      [`東京 ${id}`, `東京-${id}`],
    ];
    for (const [title, slug] of cases) {
      const post = await createPost(owner, category, { title });
      expect(post.slug).toBe(slug);
      expect(SLUG_PATTERN.test(post.slug)).toBe(true);
      expect((await read(post.slug)).title).toBe(title);
      const page = await call(`/details/${encodeURIComponent(post.slug)}`);
      expect(page.status).toBe(200);
    }
  });

  it('a hand-set Unicode slug is stored NFC and lower case; a bad one is 422; old ASCII slugs keep working', async () => {
    const [owner, category] = await Promise.all([createUser(), createCategory()]);
    const id = uid(6);
    const decomposed = `Cafe\u0301-${id}`; // "Café" with a combining accent, upper case
    const post = await createPost(owner, category, { slug: decomposed });
    expect(post.slug).toBe(`caf\u00e9-${id}`);
    expect((await read(`caf\u00e9-${id}`)).slug).toBe(post.slug);
    const bad = await callAs(owner, '/api/posts', { json: postInput(category, { slug: `emoji-🎉-${id}` }) });
    expect((await expectError(bad, 422, 'validation_failed')).error.fields).toHaveProperty('slug');
    const ascii = await createPost(owner, category, { slug: `plain-${id}` });
    expect((await read(ascii.slug)).slug).toBe(`plain-${id}`);
  });
});
