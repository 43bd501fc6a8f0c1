// The import's parsing and conversion (web/features/admin/import/import-*.ts), as the admin page and the CLI run them.
// The parsed fixtures are kept as tests/fixtures/import/*.plan.json: the Worker tests import those.
import { describe, expect, it } from 'vitest';
import { IMPORT_POSTS_PER_BATCH, markdownImageUrls, rewriteImageUrls, type ImportPost } from '../../contracts/import';
import { htmlToMarkdown, wpautop } from '../../web/features/admin/import/import-html';
import { NEITHER_FORMAT, parseImportFile } from '../../web/features/admin/import/import-file';
import { parseGhost } from '../../web/features/admin/import/import-ghost';
import { ImportFileError, toSlug, toUsername } from '../../web/features/admin/import/import-plan';
import { batchRanges, postBatches, runImport, type ImportTransport } from '../../web/features/admin/import/import-run';
import { parseWxr } from '../../web/features/admin/import/import-wxr';

import ghostJson from '../fixtures/import/ghost.json?raw';
import wordpressXml from '../fixtures/import/wordpress.xml?raw';

const FIXTURES: Record<string, string> = { 'wordpress.xml': wordpressXml, 'ghost.json': ghostJson };
const fixture = (name: string) => new TextEncoder().encode(FIXTURES[name]);
const text = (s: string) => new TextEncoder().encode(s);

describe('parsing the fixtures', () => {
  it('WordPress WXR → the import format', async () => {
    await expect(JSON.stringify(parseImportFile(fixture('wordpress.xml')), null, 2) + '\n').toMatchFileSnapshot('../fixtures/import/wordpress.plan.json');
  });
  it("WordPress: a post's cover keeps its attachment's alt text (_wp_attachment_image_alt)", () => {
    const plan = parseImportFile(fixture('wordpress.xml'));
    expect(plan.posts.find((p) => p.coverImage !== null)).toMatchObject({ coverImage: 'https://images.example.test/cover.jpg', coverAlt: 'Field notebook open on a mossy rock' });
  });
  it('Ghost JSON → the import format', async () => {
    await expect(JSON.stringify(parseImportFile(fixture('ghost.json')), null, 2) + '\n').toMatchFileSnapshot('../fixtures/import/ghost.plan.json');
  });
});

describe('bad files', () => {
  it('refuses a truncated WordPress export, naming the problem', () => {
    const whole = new TextDecoder().decode(fixture('wordpress.xml'));
    const truncated = whole.slice(0, Math.floor(whole.length * 0.6));
    expect(() => parseImportFile(text(truncated))).toThrow(ImportFileError);
    expect(() => parseImportFile(text(truncated))).toThrow(/not complete XML/);
  });
  it.each([
    ['plain text', 'hello world'],
    ['other XML', '<?xml version="1.0"?><note><to>x</to></note>'],
    ['other JSON', '{"posts": []}'],
    ['an empty file', ''],
  ])('refuses %s as neither format', (_, content) => {
    expect(() => parseImportFile(text(content))).toThrow(NEITHER_FORMAT);
  });
  it('refuses truncated JSON', () => {
    const whole = new TextDecoder().decode(fixture('ghost.json'));
    expect(() => parseImportFile(text(whole.slice(0, 500)))).toThrow(/not complete or not valid JSON/);
  });
});

describe('HTML → Markdown', () => {
  it('leaves no block comments or HTML, keeps structure', () => {
    const md = htmlToMarkdown(
      '<!-- wp:paragraph --><p>A <em>b</em> <code>c</code></p><!-- /wp:paragraph --><!-- wp:separator --><hr class="wp-block-separator"/><!-- /wp:separator --><script>alert(1)</script><!-- wp:more --><!--more--><!-- /wp:more --><h4>Four</h4><ol><li>x</li></ol><p><del>old</del> <a href="https://e.com" onclick="x()">link</a></p>',
    );
    expect(md).toBe('A _b_ `c`\n\n---\n\n#### Four\n\n1.  x\n\n~~old~~ [link](https://e.com)');
  });
  it('turns embeds into links and tables with a heading row into Markdown tables', () => {
    expect(htmlToMarkdown('<figure class="wp-block-embed"><iframe src="https://www.youtube.com/embed/x"></iframe></figure>')).toBe(
      '[https://www.youtube.com/embed/x](https://www.youtube.com/embed/x)',
    );
    expect(htmlToMarkdown('<table><thead><tr><th>a</th></tr></thead><tbody><tr><td>1</td></tr></tbody></table>')).toBe('| a |\n| --- |\n| 1 |');
  });
  it('wpautop: blank lines are paragraphs, newlines are breaks, blocks and <pre> stay', () => {
    expect(wpautop('one\ntwo\n\n<h2>T</h2>\n\n<pre>a\n\nb</pre>')).toBe('<p>one<br>\ntwo</p>\n<h2>T</h2>\n<pre>a\n\nb</pre>');
  });
});

describe('names', () => {
  it.each([
    ['Bob.Smith', 'bob-smith'],
    ['admin', 'admin'], // reserved, with nothing else to go by: the Worker gives its posts to the importing admin
    ['Zoë', 'zoe'],
    ['x', 'user-x'],
  ])('username %s → %s', (login, username) => expect(toUsername(login)).toBe(username));
  it.each([
    ['%d0%bf%d1%80%d0%b8%d0%b2%d0%b5%d1%82', 'привет'],
    ['Café Au Lait', 'cafe-au-lait'],
    ['!!!', ''],
  ])('slug %s → %s', (source, slug) => expect(toSlug(source)).toBe(slug));
});

describe('images in Markdown', () => {
  it('finds and rewrites image addresses only', () => {
    const md = '![a](https://x.test/a.png) [link](https://x.test/a.png) ![b](https://x.test/b.jpg "t")';
    expect(markdownImageUrls(md)).toEqual(['https://x.test/a.png', 'https://x.test/b.jpg']);
    expect(rewriteImageUrls(md, new Map([['https://x.test/a.png', '/media/k.png'], ['https://x.test/b.jpg', null]]))).toBe(
      '![a](/media/k.png) [link](https://x.test/a.png) ![b](https://x.test/b.jpg "t")',
    );
  });
});

const post = (i: number, body = 'x'): ImportPost => ({
  sourceId: String(i),
  slug: `p-${i}`,
  title: `P ${i}`,
  body,
  status: 'published',
  publishedAt: null,
  author: 'a',
  category: 'c',
});

describe('batches', () => {
  it('names landed batches as ranges', () => {
    expect(batchRanges([1, 2, 3, 5, 7, 8])).toBe('1–3, 5, 7–8');
    expect(batchRanges([])).toBe('');
  });

  it('cuts posts by count and by size', () => {
    expect(postBatches(Array.from({ length: 25 }, (_, i) => post(i))).map((b) => b.length)).toEqual([IMPORT_POSTS_PER_BATCH, IMPORT_POSTS_PER_BATCH, 5]);
    const big = Array.from({ length: 10 }, (_, i) => post(i, 'y'.repeat(90_000)));
    expect(postBatches(big).map((b) => b.length)).toEqual([4, 4, 2]);
  });

  it('stops at the first refused batch and reports which batches landed', async () => {
    let n = 0;
    const transport: ImportTransport = {
      batch: async (b) => {
        if (++n === 3) throw new Error('Some fields need attention');
        return { batch: b.batch, imported: { users: 0, categories: 0, tags: 0, posts: b.posts?.length ?? 0, featured: 0, images: 0, redirects: 0, settings: 0, pages: 0, menus: 0 }, skipped: [], warnings: [] };
      },
      images: async () => ({ items: [] }),
      mediaFile: async () => ({ copied: true }),
    };
    const plan = { source: 'wordpress' as const, users: [], categories: [], tags: [], posts: Array.from({ length: 60 }, (_, i) => post(i)), featured: ['p-1'], media: [], skipped: [], warnings: [] };
    const progress: number[] = [];
    const report = await runImport(plan, transport, (p) => progress.push(p.done));
    expect(report.landed).toEqual([1, 2]);
    expect(report.failed).toEqual({ batch: 3, message: 'Some fields need attention' });
    expect(report.totalBatches).toBe(8);
    expect(report.imported.posts).toBe(IMPORT_POSTS_PER_BATCH);
  });
});

describe("the old site's addresses (decision 049)", () => {
  const wxrWith = (link: string, items: string) => `<?xml version="1.0" encoding="UTF-8" ?>
<rss version="2.0" xmlns:excerpt="http://wordpress.org/export/1.2/excerpt/" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:wp="http://wordpress.org/export/1.2/">
<channel><title>T</title><link>${link}</link><wp:wxr_version>1.2</wp:wxr_version>
<wp:author><wp:author_login><![CDATA[admin]]></wp:author_login><wp:author_email><![CDATA[jane@x.test]]></wp:author_email><wp:author_display_name><![CDATA[Jane]]></wp:author_display_name></wp:author>
<wp:category><wp:category_nicename><![CDATA[world]]></wp:category_nicename><wp:category_parent><![CDATA[]]></wp:category_parent><wp:cat_name><![CDATA[World]]></wp:cat_name></wp:category>
<wp:category><wp:category_nicename><![CDATA[europe]]></wp:category_nicename><wp:category_parent><![CDATA[world]]></wp:category_parent><wp:cat_name><![CDATA[Europe]]></wp:cat_name></wp:category>
<wp:tag><wp:tag_slug><![CDATA[caf%c3%a9]]></wp:tag_slug><wp:tag_name><![CDATA[Café]]></wp:tag_name></wp:tag>
${items}
</channel></rss>`;
  const item = (id: number, name: string, link: string, status = 'publish', extra = '') => `<item><title>Post ${id}</title><link>${link}</link><dc:creator><![CDATA[admin]]></dc:creator>
<content:encoded><![CDATA[<p>Body ${id}</p>]]></content:encoded><wp:post_id>${id}</wp:post_id><wp:post_date_gmt>2024-05-06 07:08:09</wp:post_date_gmt>
<wp:post_name><![CDATA[${name}]]></wp:post_name><wp:status>${status}</wp:status><wp:post_type>post</wp:post_type>
<category domain="category" nicename="europe"><![CDATA[Europe]]></category><category domain="post_tag" nicename="caf%c3%a9"><![CDATA[Café]]></category>${extra}</item>`;

  it('WordPress: each published post\'s permalink as the export gives it, with its old slugs, and /?p=ID; nested category, tag and author pages', () => {
    const old = '<wp:postmeta><wp:meta_key>_wp_old_slug</wp:meta_key><wp:meta_value><![CDATA[first-name]]></wp:meta_value></wp:postmeta>';
    const plan = parseWxr(
      wxrWith(
        'https://old.example.test',
        [
          item(5, 'dated', 'https://old.example.test/2024/05/06/dated/', 'publish', old),
          item(6, 'monthly', 'https://old.example.test/2024/05/monthly/'),
          item(7, 'plain', 'https://old.example.test/plain/'),
          item(8, 'draft', 'https://old.example.test/?p=8', 'draft'),
        ].join('\n'),
      ),
    );
    expect(plan.redirects).toEqual([
      { from: '/2024/05/06/dated/', to: '/details/dated' },
      { from: '/2024/05/06/first-name/', to: '/details/dated' },
      { from: '/?p=5', to: '/details/dated' },
      { from: '/2024/05/monthly/', to: '/details/monthly' },
      { from: '/?p=6', to: '/details/monthly' },
      { from: '/plain/', to: '/details/plain' },
      { from: '/?p=7', to: '/details/plain' },
      { from: '/category/world/europe/', to: '/category/europe' },
      { from: '/author/admin/', to: '/author/jane' },
    ]);
  });

  it('WordPress in a folder: the folder kept on every address, no /?p=ID (a query is honoured on the home page only)', () => {
    const plan = parseWxr(wxrWith('https://old.example.test/blog', item(5, 'dated', 'https://old.example.test/blog/2024/05/06/dated/')));
    expect(plan.redirects?.map((r) => r.from)).toEqual(['/blog/2024/05/06/dated/', '/blog/category/world/europe/', '/blog/tag/caf%c3%a9/', '/blog/author/admin/']);
  });

  it('Ghost: a published post\'s /slug/, a primary tag\'s /tag/…/ as its category, under the old address\'s folder', () => {
    const ghost = {
      db: [
        {
          data: {
            users: [{ id: 'u1', slug: 'ann', name: 'Ann', email: 'ann@x.test' }],
            tags: [
              { id: 't1', slug: 'news', name: 'News' },
              { id: 't2', slug: 'extra', name: 'Extra' },
            ],
            posts: [
              { id: 'p1', slug: 'hello', title: 'Hello', html: '<p>Hi</p>', status: 'published', published_at: '2024-01-01 00:00:00' },
              { id: 'p2', slug: 'later', title: 'Later', html: '<p>Draft</p>', status: 'draft' },
            ],
            posts_tags: [
              { post_id: 'p1', tag_id: 't1', sort_order: 0 },
              { post_id: 'p1', tag_id: 't2', sort_order: 1 },
            ],
            posts_authors: [
              { post_id: 'p1', author_id: 'u1' },
              { post_id: 'p2', author_id: 'u1' },
            ],
          },
        },
      ],
    };
    expect(parseGhost(ghost).redirects).toEqual([
      { from: '/hello/', to: '/details/hello' },
      { from: '/tag/news/', to: '/category/news' },
    ]);
    expect(parseGhost(ghost, { from: 'https://old.example.test/journal/' }).redirects?.map((r) => r.from)).toEqual([
      '/journal/hello/',
      '/journal/tag/news/',
      '/journal/tag/extra/',
      '/journal/author/ann/',
    ]);
  });
});
