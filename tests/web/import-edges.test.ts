// The import's parsing at its edges (issue 20): markup turndown cannot take, DOCTYPEs, zip bombs, Ghost's
// zone-less dates under a machine that is not on UTC, and a real Ghost 6 export's addresses and cards.
import { strToU8, Zip, ZipDeflate, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COVER_ALT_MAX } from '../../contracts/limits';
import { parseImportFile } from '../../web/features/admin/import/import-file';
import { oldSiteAddress, resolveGhostUrlsInHtml } from '../../web/features/admin/import/import-ghost-urls';
import { ImportFileError, toIso, toUsername } from '../../web/features/admin/import/import-plan';
import { USERNAME_RESERVED, usernameIssue } from '../../contracts/username-rule';
import { DOCTYPE_REFUSED } from '../../web/features/admin/import/import-wxr';
import { EXPORT_JSON_MAX, ZIP_RATIO_MAX, ZipRefusedError } from '../../web/features/admin/import/import-zip';

import ghost6Json from '../fixtures/import/ghost-6.json?raw';

const bytes = (s: string) => new TextEncoder().encode(s);

/** A WXR with one author, one category and these posts (`[slug, content]`). */
function wxr(posts: [string, string][], opts: { author?: string; categories?: string[]; sticky?: string[]; oldSlugs?: Record<string, string[]> } = {}): string {
  const author = opts.author ?? 'jane';
  const items = posts
    .map(
      ([slug, content], i) => `<item><title><![CDATA[Post ${slug}]]></title><dc:creator><![CDATA[${author}]]></dc:creator>
<content:encoded><![CDATA[${content}]]></content:encoded><wp:post_id>${i + 1}</wp:post_id>
<wp:post_date_gmt><![CDATA[2024-02-0${(i % 9) + 1} 10:00:00]]></wp:post_date_gmt>
<wp:post_name><![CDATA[${slug}]]></wp:post_name><wp:status><![CDATA[publish]]></wp:status>
<wp:post_type><![CDATA[post]]></wp:post_type><wp:is_sticky>${opts.sticky?.includes(slug) ? 1 : 0}</wp:is_sticky>
<category domain="category" nicename="news"><![CDATA[News]]></category>
${(opts.oldSlugs?.[slug] ?? []).map((old) => `<wp:postmeta><wp:meta_key><![CDATA[_wp_old_slug]]></wp:meta_key><wp:meta_value><![CDATA[${old}]]></wp:meta_value></wp:postmeta>`).join('')}</item>`,
    )
    .join('\n');
  const categories = (opts.categories ?? ['news'])
    .map((slug) => `<wp:category><wp:category_nicename><![CDATA[${slug}]]></wp:category_nicename><wp:cat_name><![CDATA[${slug[0]!.toUpperCase()}${slug.slice(1)}]]></wp:cat_name></wp:category>`)
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8" ?>
<!-- generator="WordPress/6.4.2" -->
<rss version="2.0" xmlns:excerpt="http://wordpress.org/export/1.2/excerpt/" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:wp="http://wordpress.org/export/1.2/">
<channel><title>Edges</title><wp:wxr_version>1.2</wp:wxr_version>
<wp:author><wp:author_login><![CDATA[${author}]]></wp:author_login><wp:author_email><![CDATA[${author}@edges.example.test]]></wp:author_email><wp:author_display_name><![CDATA[${author}]]></wp:author_display_name></wp:author>
${categories}
${items}
</channel></rss>`;
}

describe('a post whose HTML turndown cannot take does not stop the import', () => {
  it('imports rowless tables (empty, caption only, colgroup only) as well as possible, and every other post', () => {
    const plan = parseImportFile(
      bytes(
        wxr([
          ['before', '<p>Fine before.</p>'],
          ['empty-table', '<p>Above</p><table></table><p>Below</p>'],
          ['caption-only', '<table><caption>Only a <b>caption</b></caption></table>'],
          ['colgroup-only', '<table><colgroup><col></colgroup></table><p>Text</p>'],
          ['after', '<p>Fine after.</p>'],
        ]),
      ),
    );
    expect(plan.posts.map((p) => [p.slug, p.body])).toEqual([
      ['before', 'Fine before.'],
      ['empty-table', 'Above\n\nBelow'],
      ['caption-only', 'Only a **caption**'],
      ['colgroup-only', 'Text'],
      ['after', 'Fine after.'],
    ]);
  });

  it('a post the converter fails on (nesting deeper than its stack) comes in as its text, with why in the report', () => {
    const deep = `${'<blockquote>'.repeat(4000)}Deep *inside*${'</blockquote>'.repeat(4000)}<p>After &amp; all</p>`;
    const plan = parseImportFile(bytes(wxr([['deep', deep], ['plain', '<p>Plain.</p>']])));
    expect(plan.posts.map((p) => [p.slug, p.body])).toEqual([
      ['deep', 'Deep \\*inside\\*\n\nAfter & all'],
      ['plain', 'Plain.'],
    ]);
    expect(plan.warnings).toContainEqual(expect.stringMatching(/^“Post deep”: its HTML could not be converted to Markdown \(.+\); its text was imported$/));
  });
});

describe('a DOCTYPE in an XML file', () => {
  it.each([
    ['external entities', '<!DOCTYPE rss [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>'],
    ['an external DTD', '<!DOCTYPE rss SYSTEM "https://evil.example/x.dtd">'],
    ['nested entities (billion laughs)', `<!DOCTYPE rss [<!ENTITY a "aaaaaaaaaa">${Array.from({ length: 9 }, (_, i) => `<!ENTITY b${i} "${'&a;'.repeat(10)}">`).join('')}]>`],
    ['no entities at all', '<!DOCTYPE rss>'],
  ])('with %s is refused in one line saying what and why', (_, doctype) => {
    const xml = wxr([['p', '<p>x</p>']]).replace('<rss', `${doctype}\n<rss`);
    expect(() => parseImportFile(bytes(xml))).toThrow(ImportFileError);
    expect(() => parseImportFile(bytes(xml))).toThrow(DOCTYPE_REFUSED);
    expect(DOCTYPE_REFUSED).not.toContain('\n');
  });
  it('a post that mentions <!DOCTYPE html> in its body is not refused', () => {
    const plan = parseImportFile(bytes(wxr([['html', '<pre><code>&lt;!DOCTYPE html&gt;</code></pre><p>&lt;!DOCTYPE html&gt;</p>']])));
    expect(plan.posts[0]!.body).toContain('<!DOCTYPE html>');
  });
});

describe('a zip bomb in a Byline export', () => {
  const EXPORT = JSON.stringify({ format: 'byline-export', version: 1, exportedAt: '2024-01-01T00:00:00.000Z', users: [], categories: [], tags: [], posts: [], featured: [], media: [] });
  const IMAGE = `media/${'0'.repeat(32)}.png`;

  /** The local file header of `name` in `zip`, with its declared inflated size set to `size`. */
  function declare(zip: Uint8Array, name: string, size: number): Uint8Array {
    const out = zip.slice();
    const view = new DataView(out.buffer);
    for (let at = 0; at + 30 < out.length; at++) {
      if (view.getUint32(at, true) !== 0x04034b50) continue;
      const nameLength = view.getUint16(at + 26, true);
      if (new TextDecoder().decode(out.subarray(at + 30, at + 30 + nameLength)) === name) view.setUint32(at + 22, size, true);
    }
    return out;
  }

  /** A zip written as a stream (sizes only in data descriptors after the data), `mb` MB of zeros in `name`. */
  function streamedZip(name: string, mb: number): Uint8Array {
    const chunks: Uint8Array[] = [];
    const zip = new Zip((err, data) => {
      if (err) throw err;
      chunks.push(data);
    });
    const json = new ZipDeflate('byline.json');
    zip.add(json);
    json.push(strToU8(EXPORT), true);
    const bomb = new ZipDeflate(name, { level: 1 });
    zip.add(bomb);
    const zeros = new Uint8Array(1024 * 1024);
    for (let i = 0; i < mb; i++) bomb.push(zeros, i === mb - 1);
    zip.end();
    return zipBytes(chunks);
  }
  const zipBytes = (chunks: Uint8Array[]) => {
    const out = new Uint8Array(chunks.reduce((n, c) => n + c.byteLength, 0));
    let at = 0;
    for (const c of chunks) {
      out.set(c, at);
      at += c.byteLength;
    }
    return out;
  };

  it('an entry whose header declares 512 MB from 1 KB is refused before anything is inflated', () => {
    const honest = zipSync({ 'byline.json': strToU8(EXPORT), [IMAGE]: [new Uint8Array(1024 * 1024), { level: 9 }] });
    const bomb = declare(honest, IMAGE, 512 * 1024 * 1024);
    expect(bomb.byteLength).toBeLessThan(4096);
    expect(() => parseImportFile(bomb)).toThrow(ZipRefusedError);
    expect(() => parseImportFile(bomb)).toThrow(`Refused: the zip's entry ${IMAGE} declares 512 MB, over its limit of 20 MB.`);
  });

  it('byline.json declared within its limit but at a ratio no export has is refused from its header', () => {
    const packed = zipSync({ 'byline.json': [strToU8(EXPORT + ' '.repeat(2 * 1024 * 1024)), { level: 9 }] });
    expect(() => parseImportFile(packed)).toThrow(`more than ${ZIP_RATIO_MAX} times`);
  });

  it('an entry whose header lies (declares 100 bytes) is stopped when it inflates past them', () => {
    const lying = declare(zipSync({ 'byline.json': strToU8(EXPORT), [IMAGE]: [new Uint8Array(2 * 1024 * 1024), { level: 9 }] }), IMAGE, 100);
    expect(() => parseImportFile(lying)).toThrow(`Refused: the zip's entry ${IMAGE} inflates to more than the 100 bytes its header declares.`);
  });

  it('an entry with no declared size (a streamed zip) is stopped by its ratio while it inflates, at about 1 MB of 64', () => {
    const bomb = streamedZip(IMAGE, 64);
    expect(bomb.byteLength).toBeLessThan(128 * 1024);
    expect(() => parseImportFile(bomb)).toThrow(`Refused: the zip's entry ${IMAGE} inflates to more than ${ZIP_RATIO_MAX} times its packed size.`);
  });

  it('an entry the import never reads is never inflated, bomb or not', () => {
    expect(parseImportFile(streamedZip('notes/huge.bin', 64)).source).toBe('byline');
  });

  it('byline.json may be large (up to EXPORT_JSON_MAX) when it packs like JSON', () => {
    expect(EXPORT_JSON_MAX).toBe(100 * 1024 * 1024);
    const words = Array.from({ length: 300_000 }, (_, i) => (i * 2654435761).toString(36)).join(' ');
    const json = EXPORT.replace('"tags":[]', `"tags":[],"note":"${words}"`);
    const zip = zipSync({ 'byline.json': [strToU8(json), { level: 9 }] });
    expect(json.length).toBeGreaterThan(2 * 1024 * 1024);
    expect(parseImportFile(zip).source).toBe('byline');
  });

  it('a real export (stored entries, a JSON and images) still reads', () => {
    const zip = zipSync({ 'byline.json': strToU8(EXPORT), [IMAGE]: new Uint8Array(4 * 1024 * 1024).fill(7) }, { level: 0 });
    const plan = parseImportFile(zip);
    expect(plan.source).toBe('byline');
  });
});

describe("Ghost's dates have no zone and are UTC", () => {
  // These tests run under Node, which takes a new TZ at once (no Node types in the web project).
  const env = (globalThis as unknown as { process: { env: Record<string, string | undefined> } }).process.env;
  const TZ = env.TZ;
  beforeAll(() => {
    env.TZ = 'Europe/Berlin';
  });
  afterAll(() => {
    if (TZ === undefined) delete env.TZ;
    else env.TZ = TZ;
  });

  it('are read as UTC on a machine in Berlin (one hour ahead in winter, two in summer)', () => {
    // This process really is in Berlin now: local 09:00 on 1 January is 08:00 UTC.
    expect(new Date(2024, 0, 1, 9).getUTCHours()).toBe(8);
    expect(toIso('2024-01-01 09:00:00')).toBe('2024-01-01T09:00:00.000Z');
    expect(toIso('2024-07-01 09:00:00')).toBe('2024-07-01T09:00:00.000Z');
    expect(toIso('2024-01-01T09:00:00.000Z')).toBe('2024-01-01T09:00:00.000Z');
    expect(toIso('2024-01-01T10:00:00+01:00')).toBe('2024-01-01T09:00:00.000Z');
    expect(toIso('0000-00-00 00:00:00')).toBeNull();
    expect(toIso('yesterday')).toBeNull();
  });

  it("a real Ghost 6 export's posts keep Ghost's times", () => {
    const plan = parseImportFile(bytes(ghost6Json));
    const cards = plan.posts.find((p) => p.slug === 'every-card-there-is')!;
    expect(cards.publishedAt).toBe('2024-01-01T09:00:00.000Z'); // Ghost wrote "2024-01-01 09:00:00"
    expect(plan.posts.find((p) => p.slug === 'scheduled-for-later')).toMatchObject({ status: 'published', publishedAt: '2030-06-01T09:00:00.000Z' });
  });
});

describe('a real Ghost 6 export (tests/fixtures/import/ghost-6.json, written by Ghost 6.65)', () => {
  const FROM = 'https://images.example.test';

  it('→ the import format, resolving __GHOST_URL__ against the old site (the plan the Worker test imports)', async () => {
    const plan = parseImportFile(bytes(ghost6Json), { from: FROM });
    await expect(JSON.stringify(plan, null, 2) + '\n').toMatchFileSnapshot('../fixtures/import/ghost-6.plan.json');
  });

  it('rewrites links to posts, tags and authors of the import to Byline addresses, and names the rest', () => {
    const plan = parseImportFile(bytes(ghost6Json), { from: FROM });
    const body = plan.posts.find((p) => p.slug === 'every-card-there-is')!.body;
    expect(body).not.toContain('__GHOST_URL__');
    expect(body).toContain('[an older post](/details/does-say-design-over-result-garden-often-men-1)');
    expect(body).toContain('[the Design tag](/tag/design)');
    expect(body).toContain('[Bob](/author/bob)');
    expect(body).toContain(`[a page](${FROM}/about-us/)`);
    expect(body).toContain(`![A green square](${FROM}/content/images/2026/11/in-body.png)`);
    expect(plan.warnings).toEqual(
      expect.arrayContaining([
        `“Every card there is”: the link to __GHOST_URL__/about-us/ is not part of this import; it now points to the old site (${FROM}/about-us/)`,
        `“Every card there is”: the link to __GHOST_URL__/#/portal/signup is not part of this import; it now points to the old site (${FROM}/#/portal/signup)`,
      ]),
    );
  });

  it('a bookmark card becomes a link named by its title, with its description', () => {
    const body = parseImportFile(bytes(ghost6Json)).posts.find((p) => p.slug === 'every-card-there-is')!.body;
    expect(body).toContain(
      '**[Ghost Docs](https://ghost.org/docs/)**\\\nEverything you need to know about working with the Ghost professional publishing platform.',
    );
    expect(body).not.toContain('kg-bookmark');
    expect(body).not.toMatch(/\[\s*\n/);
  });

  it('keeps the uploaded cover, resolved against the old site', () => {
    const plan = parseImportFile(bytes(ghost6Json), { from: FROM });
    expect(plan.posts.find((p) => p.slug === 'every-card-there-is')!.coverImage).toBe(`${FROM}/content/images/2026/11/cover.png`);
  });

  it("keeps the cover's alt text, which Ghost writes in posts_meta.feature_image_alt", () => {
    const plan = parseImportFile(bytes(ghost6Json), { from: FROM });
    expect(plan.posts.find((p) => p.slug === 'every-card-there-is')).toMatchObject({ coverImage: `${FROM}/content/images/2026/11/cover.png`, coverAlt: 'A red square' });
    expect(plan.posts.filter((p) => p.coverImage === null).map((p) => p.coverAlt)).toEqual(plan.posts.filter((p) => p.coverImage === null).map(() => ''));
  });

  it("a feature_image_alt over several lines or past the limit becomes one line of at most COVER_ALT_MAX characters; none without a cover", () => {
    const json = JSON.parse(ghost6Json) as { db: [{ data: { posts_meta: { feature_image_alt: string | null }[] } }] };
    json.db[0].data.posts_meta[0]!.feature_image_alt = `A red\n\tsquare ${'x'.repeat(COVER_ALT_MAX)}`;
    const alt = parseImportFile(bytes(JSON.stringify(json)), { from: FROM }).posts.find((p) => p.slug === 'every-card-there-is')!.coverAlt!;
    expect(alt.startsWith('A red square x')).toBe(true);
    expect(alt).toHaveLength(COVER_ALT_MAX);
    // Without the old site's address the cover cannot be resolved and is left out: so is its alt text.
    expect(parseImportFile(bytes(ghost6Json)).posts.find((p) => p.slug === 'every-card-there-is')).toMatchObject({ coverImage: null, coverAlt: '' });
  });

  it("without the old site's address, names every image and link it could not resolve and leaves no __GHOST_URL__", () => {
    const plan = parseImportFile(bytes(ghost6Json));
    const cards = plan.posts.find((p) => p.slug === 'every-card-there-is')!;
    expect(cards.body).not.toContain('__GHOST_URL__');
    expect(cards.body).toContain('[Bob](/author/bob) and a page.');
    expect(cards.coverImage).toBeNull();
    const unresolved = plan.warnings.filter((w) => w.includes('__GHOST_URL__'));
    expect(unresolved.map((w) => /__GHOST_URL__\S*/.exec(w)![0])).toEqual([
      '__GHOST_URL__/about-us/',
      '__GHOST_URL__/content/images/2026/11/in-body.png',
      '__GHOST_URL__/content/images/2026/11/gallery-1.png',
      '__GHOST_URL__/content/images/2026/11/gallery-2.png',
      '__GHOST_URL__/#/portal/signup',
      '__GHOST_URL__/content/images/2026/11/cover.png',
    ]);
  });

  it("the old site's address may be in a folder; any quote inside an address is kept", () => {
    expect(oldSiteAddress('https://example.com/blog/')).toBe('https://example.com/blog');
    expect(oldSiteAddress(' http://old.example ')).toBe('http://old.example');
    expect(oldSiteAddress('ftp://old.example')).toBeNull();
    expect(oldSiteAddress('old.example')).toBeNull();
    const site = { posts: new Set<string>(), tags: new Set<string>(), categories: new Set<string>(), authors: new Map<string, string>(), from: 'https://example.com/blog' };
    const notes: string[] = [];
    expect(resolveGhostUrlsInHtml(`<a href="__GHOST_URL__/it's/">x</a><img src='__GHOST_URL__/a.png' srcset="__GHOST_URL__/a.png 2x">`, site, notes)).toBe(
      `<a href="https://example.com/blog/it's/">x</a><img src='https://example.com/blog/a.png'>`,
    );
    expect(notes).toEqual(["the link to __GHOST_URL__/it's/ is not part of this import; it now points to the old site (https://example.com/blog/it's/)"]);
  });

  it('names the second author of a post with two, imports the page as a page, and takes the draft and the scheduled post', () => {
    const plan = parseImportFile(bytes(ghost6Json));
    expect(plan.warnings).toContain("“Every card there is” has 2 authors in Ghost; a Byline post has one, so it is alice's (bob not named)");
    expect(plan.pages).toEqual([expect.objectContaining({ slug: 'about-us', title: 'About us', status: 'published', author: null })]);
    expect(plan.posts.find((p) => p.slug === 'a-draft-in-progress')).toMatchObject({ status: 'draft', publishedAt: null, author: 'bob' });
  });
});

describe('WordPress leftovers', () => {
  it('a category no imported post is in (WordPress\'s "Uncategorized") is left out, and said so', () => {
    const plan = parseImportFile(bytes(wxr([['one', '<p>x</p>']], { categories: ['news', 'uncategorized'] })));
    expect(plan.categories.map((c) => c.slug)).toEqual(['news']);
    expect(plan.skipped).toContainEqual({ kind: 'category', key: 'uncategorized', why: 'No imported post is in this category' });
  });

  it.each([
    [['admin', 'Jane Doe', 'jane'], 'jane-doe'],
    [['admin', 'admin', 'jane'], 'jane'],
    [['admin', 'admin', 'admin'], 'admin'],
  ])('a reserved login takes the next name it has: %j → %s', (names, username) => {
    expect(toUsername(names[0]!, ...names.slice(1))).toBe(username);
  });

  it('sticky posts are the featured list in the order WordPress shows them (newest first)', () => {
    const plan = parseImportFile(bytes(wxr([['old', 'x'], ['mid', 'y'], ['new', 'z'], ['plain', 'w']], { sticky: ['mid', 'old', 'new'] })));
    expect(plan.featured).toEqual(['new', 'mid', 'old']);
  });
});

describe('slugs by the one slug rule, and the old slugs WordPress kept', () => {
  it("a post's _wp_old_slug values become its old slugs (without its own slug and repeats), to redirect to it", () => {
    const plan = parseImportFile(bytes(wxr([['new-name', '<p>x</p>'], ['plain', '<p>y</p>']], { oldSlugs: { 'new-name': ['first-name', 'caf%c3%a9', 'first-name', 'new-name'] } })));
    expect(plan.posts.find((p) => p.slug === 'new-name')?.oldSlugs).toEqual(['first-name', 'café']);
    expect(plan.posts.find((p) => p.slug === 'plain')?.oldSlugs).toBeUndefined();
  });

  it('a source slug that is a slug as given is kept (letters of every script with their marks); anything else is made by slugify', () => {
    const plan = parseImportFile(bytes(wxr([['%e3%82%ac%e3%82%a4%e3%83%89', '<p>x</p>'], ['Hello World', '<p>y</p>']])));
    expect(plan.posts.map((p) => p.slug)).toEqual(['ガイド', 'hello-world']);
  });

  it.each([['Bob.Smith'], ['a'], ['_x_'], ['Zoë Ünder'], ['x'.repeat(40)], ['user-' + 'y'.repeat(40)], ['日本'], ['admin']])(
    'the username made from %s meets the one username rule (or is reserved, for the Worker to map to the importer)',
    (login) => {
      const username = toUsername(login);
      expect([null, USERNAME_RESERVED]).toContain(usernameIssue(username));
    },
  );
});
