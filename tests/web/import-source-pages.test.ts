// WordPress and Ghost pages (About, Contact) become Byline standalone pages, not posts and not dropped:
// published or draft as they were, their authors kept, their old addresses redirecting to `/<slug>`.
import { describe, expect, it } from 'vitest';
import { parseImportFile } from '../../web/features/admin/import/import-file';

const bytes = (s: string) => new TextEncoder().encode(s);

type WxrItem = { id: number; type: 'post' | 'page'; slug: string; status: string; link: string; content: string };

function wxr(items: WxrItem[]): string {
  const body = items
    .map(
      (i) => `<item><title><![CDATA[Title ${i.slug}]]></title><link>${i.link}</link><dc:creator><![CDATA[jane]]></dc:creator>
<content:encoded><![CDATA[${i.content}]]></content:encoded><wp:post_id>${i.id}</wp:post_id>
<wp:post_date_gmt><![CDATA[2024-03-04 10:00:00]]></wp:post_date_gmt><wp:post_modified_gmt><![CDATA[2024-03-05 10:00:00]]></wp:post_modified_gmt>
<wp:post_name><![CDATA[${i.slug}]]></wp:post_name><wp:status><![CDATA[${i.status}]]></wp:status>
<wp:post_type><![CDATA[${i.type}]]></wp:post_type>${i.type === 'post' ? '<category domain="category" nicename="news"><![CDATA[News]]></category>' : ''}</item>`,
    )
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8" ?>
<rss version="2.0" xmlns:excerpt="http://wordpress.org/export/1.2/excerpt/" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:wp="http://wordpress.org/export/1.2/">
<channel><title>Pages</title><link>https://old.example.test</link><wp:wxr_version>1.2</wp:wxr_version>
<wp:author><wp:author_login><![CDATA[jane]]></wp:author_login><wp:author_email><![CDATA[jane@old.example.test]]></wp:author_email><wp:author_display_name><![CDATA[Jane]]></wp:author_display_name></wp:author>
${body}
</channel></rss>`;
}

describe('WordPress pages', () => {
  it('become Byline pages with their status, author and dates; a nested old address redirects to /<slug>; a trashed page is skipped', () => {
    const plan = parseImportFile(
      bytes(
        wxr([
          { id: 1, type: 'post', slug: 'hello', status: 'publish', link: 'https://old.example.test/2024/03/hello/', content: '<p>Hi.</p>' },
          { id: 2, type: 'page', slug: 'team', status: 'publish', link: 'https://old.example.test/about/team/', content: '<p>The <b>team</b>.</p>' },
          { id: 3, type: 'page', slug: 'plans', status: 'draft', link: 'https://old.example.test/?page_id=3', content: '<p>Soon.</p>' },
          { id: 4, type: 'page', slug: 'gone', status: 'trash', link: 'https://old.example.test/gone/', content: '<p>Gone.</p>' },
        ]),
      ),
    );
    expect(plan.posts.map((p) => p.slug)).toEqual(['hello']);
    expect(plan.pages).toEqual([
      {
        sourceId: 'wordpress:2',
        slug: 'team',
        title: 'Title team',
        body: 'The **team**.',
        status: 'published',
        publishedAt: '2024-03-04T10:00:00.000Z',
        createdAt: '2024-03-04T10:00:00.000Z',
        updatedAt: '2024-03-05T10:00:00.000Z',
        author: 'jane',
      },
      expect.objectContaining({ sourceId: 'wordpress:3', slug: 'plans', status: 'draft', publishedAt: null }),
    ]);
    expect(plan.skipped).toContainEqual({ kind: 'page', key: 'Title gone', why: 'In the WordPress trash' });
    expect(plan.redirects).toContainEqual({ from: '/about/team/', to: '/team' });
    // A draft had no public address; `/?page_id=` names the home page only.
    expect(plan.redirects?.some((r) => r.to === '/plans')).toBe(false);
  });
});

const ghost = (data: Record<string, unknown>) =>
  JSON.stringify({ db: [{ meta: { version: '5.0.0' }, data: { users: [{ id: 'u1', slug: 'ada', name: 'Ada', email: 'ada@old.example.test' }], tags: [], posts_tags: [], posts_authors: [], ...data } }] });

describe('Ghost pages', () => {
  it('take type "page", the older `page: true` and a `pages` table alike, published or draft, by their author', () => {
    const row = (id: string, slug: string, extra: Record<string, unknown>) => ({
      id,
      slug,
      title: `Title ${slug}`,
      html: `<p>Text of ${slug}.</p>`,
      author_id: 'u1',
      created_at: '2024-01-01 08:00:00',
      updated_at: '2024-01-02 08:00:00',
      published_at: '2024-01-01 09:00:00',
      ...extra,
    });
    const plan = parseImportFile(
      bytes(
        ghost({
          posts: [row('p1', 'a-post', { type: 'post', status: 'published' }), row('p2', 'contact', { type: 'page', status: 'published' }), row('p3', 'old-style', { page: true, status: 'draft' })],
          pages: [row('p4', 'imprint', { status: 'published' })],
        }),
      ),
      { from: 'https://old.example.test/blog/' },
    );
    expect(plan.posts.map((p) => p.slug)).toEqual(['a-post']);
    expect(plan.pages?.map((p) => [p.slug, p.status, p.author, p.body])).toEqual([
      ['imprint', 'published', 'ada', 'Text of imprint.'],
      ['contact', 'published', 'ada', 'Text of contact.'],
      ['old-style', 'draft', 'ada', 'Text of old-style.'],
    ]);
    expect(plan.pages?.find((p) => p.slug === 'contact')).toMatchObject({ publishedAt: '2024-01-01T09:00:00.000Z', createdAt: '2024-01-01T08:00:00.000Z', updatedAt: '2024-01-02T08:00:00.000Z' });
    expect(plan.redirects).toContainEqual({ from: '/blog/contact/', to: '/contact' });
    expect(plan.redirects?.some((r) => r.to === '/old-style')).toBe(false);
  });
});
