// Unit checks of the pieces behind the content API: Markdown text, links, sniffing, XML, field rules, contracts.
import { describe, expect, it } from 'vitest';
import { PageQuerySchema } from '../../contracts/lists';
import { isScheduled, postState } from '../../contracts/post-status';
import { PostInputSchema } from '../../contracts/posts';
import { contentTypeOfKey, sniffImage } from '../../worker/lib/image-sniff';
import { excerptFrom, isSafeImageUrl, isSafeLinkUrl, plainText, readingMinutes, renderMarkdown } from '../../worker/lib/markdown';
import { resolvePostValues } from '../../worker/services/post-fields';
import { xmlEscape } from '../../worker/lib/xml-escape';
import { createCategory, createPost, createUser } from './factories';

describe('plainText, excerpts and reading time', () => {
  it('drops Markdown syntax and keeps the words', () => {
    expect(plainText('# Title\n\nSome **bold** and _em_ with [a link](https://x.example) and `code`.\n\n- one\n- two')).toBe(
      'Title Some bold and em with a link and code. one two',
    );
    expect(plainText('![alt text](https://x.example/a.png)\n\n> quoted <b>html</b>')).toBe('alt text quoted <b>html</b>');
    expect(plainText('')).toBe('');
  });

  it('reading time is ceil(words / 220), at least 1', () => {
    expect(readingMinutes('')).toBe(1);
    expect(readingMinutes('word '.repeat(220))).toBe(1);
    expect(readingMinutes('word '.repeat(221))).toBe(2);
    expect(readingMinutes(`# Head\n\n${'**w** '.repeat(660)}`)).toBe(4);
  });

  it('an excerpt is ~160 characters cut at a word, with an ellipsis', () => {
    expect(excerptFrom('Short body.')).toBe('Short body.');
    const long = excerptFrom('lorem ipsum dolor sit amet '.repeat(20));
    expect(long.length).toBeLessThanOrEqual(161);
    expect(long.endsWith('…')).toBe(true);
    expect(long).not.toMatch(/\s…$/);
    expect(excerptFrom('x'.repeat(500))).toBe(`${'x'.repeat(160)}…`);
  });
});

describe('link and image rules', () => {
  it.each([
    ['https://example.com', true],
    ['http://example.com/a?b#c', true],
    ['mailto:a@example.com', true],
    ['/details/post', true],
    ['relative/path', true],
    ['#anchor', true],
    ['?q=1', true],
    ['//cdn.example.com/x', true],
    ['/path:with:colons', true],
    ['javascript:alert(1)', false],
    [' JavaScript:alert(1)', false],
    ['java%0Ascript:alert(1)', false],
    ['%6A%61vascript:alert(1)', false],
    ['vbscript:x', false],
    ['data:text/html,x', false],
    ['file:///etc/passwd', false],
    ['ftp://example.com', false],
    ['tel:123', false],
    ['foo:bar', false],
  ])('link %j allowed: %s', (url, ok) => {
    expect(isSafeLinkUrl(url)).toBe(ok);
  });

  it('images: http(s) or our /media/ only', () => {
    expect(isSafeImageUrl('https://example.com/a.png')).toBe(true);
    expect(isSafeImageUrl('http://example.com/a.png')).toBe(true);
    expect(isSafeImageUrl('/media/abc.png')).toBe(true);
    expect(isSafeImageUrl('/media/../secret')).toBe(false);
    expect(isSafeImageUrl('/elsewhere/a.png')).toBe(false);
    expect(isSafeImageUrl('data:image/png;base64,AAAA')).toBe(false);
    expect(isSafeImageUrl('a.png')).toBe(false);
  });

  it('renders the GFM basics: tables, fences, lists, quotes, linkified URLs with rel', () => {
    const html = renderMarkdown('| a |\n|---|\n| 1 |\n\n```\ncode\n```\n\n1. x\n\n> q\n\nsee https://example.com');
    expect(html).toContain('<table>');
    expect(html).toContain('<pre><code>code\n</code></pre>');
    expect(html).toContain('<ol>');
    expect(html).toContain('<blockquote>');
    expect(html).toContain('<a href="https://example.com" rel="nofollow ugc noopener">https://example.com</a>');
    expect(renderMarkdown('"quotes" -- (c)')).toBe('<p>&quot;quotes&quot; -- (c)</p>\n');
  });
});

describe('sniffImage', () => {
  const b = (...xs: (number | string)[]) =>
    new Uint8Array(xs.flatMap((x) => (typeof x === 'string' ? [...x].map((c) => c.charCodeAt(0)) : [x])));

  it('knows the five formats by their first bytes', () => {
    expect(sniffImage(b(0xff, 0xd8, 0xff, 0xdb))?.contentType).toBe('image/jpeg');
    expect(sniffImage(b(0x89, 'PNG', 0x0d, 0x0a, 0x1a, 0x0a))?.contentType).toBe('image/png');
    expect(sniffImage(b('GIF87a'))?.contentType).toBe('image/gif');
    expect(sniffImage(b('RIFF', 0, 0, 0, 0, 'WEBP'))?.contentType).toBe('image/webp');
    expect(sniffImage(b(0, 0, 0, 20, 'ftypavis', 0, 0, 0, 0, 'mif1'))?.contentType).toBe('image/avif');
    expect(sniffImage(b(0, 0, 0, 24, 'ftypmif1', 0, 0, 0, 0, 'mif1avif'))?.contentType).toBe('image/avif');
  });

  it('refuses near misses and other formats', () => {
    for (const data of [
      b(),
      b(0xff, 0xd8),
      b(0x89, 'PNG', 0x0d, 0x0a, 0x1a),
      b('GIF88a'),
      b('RIFF', 0, 0, 0, 0, 'WAVE'),
      b(0, 0, 0, 20, 'ftypheic', 0, 0, 0, 0, 'mif1'),
      b(0, 0, 0, 8, 'ftypavif'),
      b('<svg'),
      b('BM'),
    ]) {
      expect(sniffImage(data)).toBeNull();
    }
  });

  it('maps keys to types only for our key shape', () => {
    expect(contentTypeOfKey('0123456789abcdef0123456789abcdef.webp')).toBe('image/webp');
    expect(contentTypeOfKey('0123456789abcdef0123456789abcdef.svg')).toBeNull();
    expect(contentTypeOfKey('../x.png')).toBeNull();
  });
});

describe('xmlEscape', () => {
  it('escapes the five characters and drops what XML 1.0 forbids', () => {
    expect(xmlEscape(`<a href="x">Tom & Jerry's</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&apos;s&lt;/a&gt;');
    expect(xmlEscape('a\u0000b\u0008c\td\ne\uFFFEf\uD800g')).toBe('abc\td\nefg');
    expect(xmlEscape('emoji 🙂 stays')).toBe('emoji 🙂 stays');
  });
});

describe('contracts', () => {
  it('page: whole numbers from 1, absent means 1', () => {
    expect(PageQuerySchema.parse({})).toEqual({ page: 1 });
    expect(PageQuerySchema.parse({ page: '3' })).toEqual({ page: 3 });
    for (const bad of ['0', '-1', '1.0', 'abc', '', '1e2', ' 1', '100001']) expect(PageQuerySchema.safeParse({ page: bad }).success, bad).toBe(false);
  });

  it('post input trims, normalises empty optionals and refuses unknown keys', () => {
    const parsed = PostInputSchema.parse({
      title: '  Hello  ',
      body: 'x',
      category: ' News ',
      status: 'draft',
      coverImage: '',
      slug: '',
      excerpt: '  ',
    });
    expect(parsed).toMatchObject({ title: 'Hello', category: 'news', coverImage: null, slug: undefined, excerpt: '' });
    expect(PostInputSchema.safeParse({ ...parsed, coverImage: null, authorId: 1 }).success).toBe(false);
  });

  it('scheduled means published with a future publishedAt', () => {
    const now = Date.UTC(2026, 0, 1);
    expect(isScheduled({ status: 'published', publishedAt: '2026-01-02T00:00:00Z' }, now)).toBe(true);
    expect(isScheduled({ status: 'published', publishedAt: '2025-12-31T00:00:00Z' }, now)).toBe(false);
    expect(isScheduled({ status: 'draft', publishedAt: '2026-01-02T00:00:00Z' }, now)).toBe(false);
    expect(postState({ status: 'published', publishedAt: '2026-01-02T00:00:00Z' }, now)).toBe('scheduled');
    expect(postState({ status: 'draft', publishedAt: null }, now)).toBe('draft');
  });
});

describe('resolvePostValues', () => {
  const refs = { categoryId: 1, authorId: 2, editedBy: 2 };
  const now = Date.UTC(2026, 4, 1);
  const base = { title: 'T', body: 'Body text', category: 'c', status: 'published' as const };

  it('on create: now for a publish without a date, null for a draft, the date when given', () => {
    expect(resolvePostValues(base, null, refs, now).publishedAt).toEqual(new Date(now));
    expect(resolvePostValues({ ...base, status: 'draft' }, null, refs, now).publishedAt).toBeNull();
    expect(resolvePostValues({ ...base, publishedAt: '2027-01-01T00:00:00Z' }, null, refs, now).publishedAt).toEqual(
      new Date('2027-01-01T00:00:00Z'),
    );
    expect(resolvePostValues({ ...base, publishedAt: null }, null, refs, now).publishedAt).toEqual(new Date(now));
  });

  it('on update: absent fields keep their values', () => {
    const existing = {
      excerpt: 'Hand written',
      body: 'Old body',
      coverImage: '/media/x.png',
      coverAlt: 'A lighthouse',
      coverDecorative: false,
      publishedAt: new Date(Date.UTC(2020, 0, 1)),
      status: 'published' as const,
    };
    const v = resolvePostValues(base, existing, refs, now);
    expect(v).toMatchObject({ excerpt: 'Hand written', coverImage: '/media/x.png', coverAlt: 'A lighthouse', publishedAt: existing.publishedAt });
    expect(resolvePostValues({ ...base, coverImage: null, excerpt: '' }, existing, refs, now)).toMatchObject({
      coverImage: null,
      coverAlt: '',
      excerpt: 'Body text',
    });
  });
});

describe('slugs through the API', () => {
  it('a title with no letters or digits gets "post"; an 80-character slug keeps its suffix within 80', async () => {
    const [user, category] = await Promise.all([createUser(), createCategory()]);
    const bare = await createPost(user, category, { title: '!!! ??? ...' });
    expect(bare.slug).toMatch(/^post(-\d+)?$/);
    const longTitle = `${'long-word '.repeat(12)}${crypto.randomUUID()}`;
    const a = await createPost(user, category, { title: longTitle });
    const b = await createPost(user, category, { title: longTitle });
    expect(a.slug.length).toBeLessThanOrEqual(80);
    expect(b.slug.length).toBeLessThanOrEqual(80);
    expect(b.slug.endsWith('-2')).toBe(true);
    expect(b.slug).not.toBe(a.slug);
  });
});
