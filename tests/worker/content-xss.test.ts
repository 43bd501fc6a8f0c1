// XSS corpus through title, body, excerpt, name and bio: bodyHtml, snippets and feeds carry no live markup.
import { describe, expect, it } from 'vitest';
import type { PostListResponse, PostResponse } from '../../contracts/posts';
import type { AuthorPageResponse } from '../../contracts/profile';
import { renderMarkdown } from '../../worker/lib/markdown';
import { call } from './helpers';
import { createCategory, createUser, json, postInput } from './factories';
import { expectInertHtml, XSS_PAYLOADS } from './xss-kit';

/** XML whose only elements are the feed's own; any user text is escaped inside them. */
function expectInertXml(xml: string, allowed: Set<string>, context: string): void {
  expect(xml, context).not.toMatch(/<script/i);
  expect(xml, context).not.toMatch(/<[^>]*\son[a-z]+\s*=/i);
  for (const m of xml.matchAll(/<\/?([a-zA-Z][\w:.-]*)/g)) {
    expect(allowed.has(m[1] ?? ''), `${context}: element <${m[1]}>`).toBe(true);
  }
}

const RSS_TAGS = new Set([
  'rss', 'channel', 'title', 'link', 'description', 'language', 'lastBuildDate', 'atom:link', 'item', 'guid', 'pubDate',
  'dc:creator', 'category', 'content:encoded',
]);

describe('renderMarkdown and the XSS corpus', () => {
  it('has at least 25 payloads', () => {
    expect(XSS_PAYLOADS.length).toBeGreaterThanOrEqual(25);
  });

  it('the checker itself catches live markup', () => {
    for (const live of [
      '<img src=x onerror=alert(1)>',
      '<p onclick="x()">a</p>',
      '<a href="javascript:alert(1)">x</a>',
      '<a href="JAVASCRIPT:alert(1)">x</a>',
      '<img src="data:image/png;base64,xx">',
      '<script>1</script>',
      '<svg>',
      '<p>ok</p><iframe src="/x"></iframe>',
    ]) {
      expect(() => expectInertHtml(live, 'meta'), live).toThrow();
    }
    expect(() => expectInertHtml('<p>a &lt;script&gt; b <a href="/x" rel="nofollow ugc noopener">c</a></p>', 'meta')).not.toThrow();
  });

  it.each(XSS_PAYLOADS)('renders %j inert', (payload) => {
    expectInertHtml(renderMarkdown(payload), payload);
    expectInertHtml(renderMarkdown(`Before\n\n${payload}\n\nAfter *emphasis* [ok](https://example.com)`), payload);
  });

  it('keeps the safe things: http(s), mailto and relative links, /media images, tables, code', () => {
    const html = renderMarkdown(
      '[a](https://example.com) [b](mailto:me@example.com) [c](/details/x) [d](#top)\n\n' +
        '![pic](/media/0123456789abcdef0123456789abcdef.png) ![ext](https://example.com/p.jpg)\n\n' +
        '| h |\n|:-:|\n| c |\n\n```js\nconst x = "<b>";\n```',
    );
    expect(html).toContain('<a href="https://example.com" rel="nofollow ugc noopener">a</a>');
    expect(html).toContain('<a href="mailto:me@example.com" rel="nofollow ugc noopener">b</a>');
    expect(html).toContain('<a href="/details/x" rel="nofollow ugc noopener">c</a>');
    expect(html).toContain('<img src="/media/0123456789abcdef0123456789abcdef.png" alt="pic"');
    expect(html).toContain('<img src="https://example.com/p.jpg" alt="ext"');
    expect(html).toContain('<th style="text-align:center">h</th>');
    expect(html).toContain('<code class="language-js">const x = &quot;&lt;b&gt;&quot;;');
    expectInertHtml(html, 'safe sample');
  });

  it('shows a refused image as its alt text, and a refused link as text', () => {
    expect(renderMarkdown('![the alt](javascript:alert(1))')).not.toContain('<img');
    expect(renderMarkdown('![the alt](/not-media/x.png)')).toBe('<p>the alt</p>\n');
    expect(renderMarkdown('[x](javascript:alert(1))')).toBe('<p>[x](javascript:alert(1))</p>\n');
  });
});

describe('the XSS corpus through the API', () => {
  it('title, body, excerpt, name and bio come back verbatim as JSON; bodyHtml, snippets and RSS stay inert', async () => {
    const category = await createCategory({ name: '<img src=x onerror=alert(1)>' });
    const author = await createUser({ name: '<script>alert("name")</script>', bio: '<svg onload=alert(1)>' });
    const slugs: string[] = [];
    for (const [i, payload] of XSS_PAYLOADS.entries()) {
      const input = postInput(category, {
        title: `${payload.replace(/\p{Cc}/gu, ' ')} zebra${i}`.slice(0, 200),
        body: `${payload}\n\nzebra${i} ${payload}`,
        excerpt: payload.slice(0, 300),
      });
      const res = await call('/api/posts', { json: input, cookie: author.cookie, ip: author.ip });
      const { post } = await json<PostResponse>(res, 201);
      expect(post.title).toBe(input.title);
      expect(post.body).toBe(input.body);
      expect(post.excerpt).toBe(input.excerpt!.trim());
      expect(post.author.name).toBe('<script>alert("name")</script>');
      expectInertHtml(post.bodyHtml, `bodyHtml of ${payload}`);
      slugs.push(post.slug);

      const again = await json<PostResponse>(await call(`/api/posts/${post.slug}`));
      expectInertHtml(again.post.bodyHtml, `GET bodyHtml of ${payload}`);
    }
    for (const slug of slugs) expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);

    const search = await json<PostListResponse>(await call('/api/posts?q=zebra1'));
    expect(search.items.length).toBeGreaterThan(0);
    for (const hit of search.items) {
      const html = (hit as { snippetHtml: string }).snippetHtml;
      expect(html.replace(/<\/?mark>/g, '')).not.toMatch(/[<>]/);
      expectInertHtml(html, `snippet ${html}`);
    }
    const scriptSearch = await json<PostListResponse>(await call(`/api/posts?q=${encodeURIComponent('<script>alert')}`));
    for (const hit of scriptSearch.items) expect((hit as { snippetHtml: string }).snippetHtml.replace(/<\/?mark>/g, '')).not.toMatch(/[<>]/);

    const author_ = await json<AuthorPageResponse>(await call(`/api/users/${author.username}`));
    expect(author_.user).toEqual({ username: author.username, name: author.name, bio: '<svg onload=alert(1)>', image: null });

    const rss = await call('/rss.xml');
    expect(rss.status).toBe(200);
    const xml = await rss.text();
    expectInertXml(xml, RSS_TAGS, 'rss');
    expect(xml).toContain('&lt;script&gt;alert(&quot;name&quot;)&lt;/script&gt;');
    expect(xml).toContain('&lt;img src=x onerror=alert(1)&gt;');
    const items = xml.match(/<item>/g) ?? [];
    expect(items.length).toBe(20);

    const sitemap = await (await call('/sitemap.xml')).text();
    expectInertXml(sitemap, new Set(['urlset', 'url', 'loc', 'lastmod']), 'sitemap');
  });
});
