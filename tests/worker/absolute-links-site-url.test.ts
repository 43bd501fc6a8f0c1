// security.md rule 7: every absolute link a feed, a sitemap, robots.txt or a page's head carries is built from
// SITE_URL, never from Host, X-Forwarded-Host or X-Forwarded-Proto. Without a valid SITE_URL the feeds,
// sitemaps and robots.txt are not served (503, named fix, logged, never cached); pages still are, without
// their absolute tags. (Mails: mail-site-url.test.ts.)
import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { describe, expect, it, vi } from 'vitest';
import worker from '../../worker/index';
import { siteAddress } from '../../worker/lib/site-address';
import { createCategory, createPost, createUser, postRow, uid } from './factories';
import { call, ORIGIN, uniqueIp } from './helpers';

const SITE = env.SITE_URL;
const EVIL = 'evil.example';
/** A request whose Host and X-Forwarded-* name another site; answered afresh, not from the edge cache. */
const FORGED = {
  origin: `http://${EVIL}`,
  headers: { 'x-forwarded-host': EVIL, 'x-forwarded-proto': 'http', 'cache-control': 'no-cache' },
};

/** A full-text feed item's post HTML (RSS, Atom, JSON Feed): its links are the author's, not built by Byline. */
const POST_HTML = /<content:encoded>[\s\S]*?<\/content:encoded>|<content type="html">[\s\S]*?<\/content>|"content_html":"(?:[^"\\]|\\.)*"/g;

/** Every absolute URL Byline built in a body: the XML namespace names (xmlns="http://…"), JSON Feed's version and the posts' own HTML aside. */
const absoluteUrls = (body: string): string[] =>
  body
    .replace(POST_HTML, '')
    .replace(/\sxmlns(:\w+)?="[^"]*"/g, '')
    .replace('"version":"https://jsonfeed.org/version/1.1"', '')
    .match(/https?:\/\/[^\s<>"']+/g) ?? [];

/** A GET through the Worker's fetch handler with SITE_URL set to `siteUrl`, and the errors it logged. */
async function getWithSiteUrl(path: string, siteUrl: string | undefined): Promise<{ res: Response; body: string; errors: string[] }> {
  const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
  try {
    const ctx = createExecutionContext();
    const request = new Request(new URL(path, ORIGIN), { headers: { 'cf-connecting-ip': uniqueIp() } });
    const res = await worker.fetch(request, { ...env, SITE_URL: siteUrl as string }, ctx);
    const body = await res.text();
    await waitOnExecutionContext(ctx);
    return { res, body, errors: errors.mock.calls.map((args) => String(args[0])) };
  } finally {
    errors.mockRestore();
  }
}

/** A published post with a tag and an uploaded-style cover, and every feed, sitemap and robots path that lists it. */
async function publishedSite() {
  const [author, category] = await Promise.all([createUser(), createCategory()]);
  const post = await createPost(author, category, { tags: [`Linked ${uid(6)}`], coverImage: `/media/cover-${uid(8)}.png` });
  const page = Math.ceil(((await postRow(post.slug))?.id ?? 1) / 1000);
  const paths = [
    ...['rss.xml', 'atom.xml', 'feed.json'].flatMap((file) => [
      `/${file}`,
      `/category/${category.slug}/${file}`,
      `/tag/${post.tags[0]!.slug}/${file}`,
      `/author/${author.username}/${file}`,
    ]),
    '/sitemap.xml',
    '/sitemap-pages.xml',
    `/sitemap-posts.xml?page=${page}`,
    '/robots.txt',
  ];
  return { post, paths };
}

describe('absolute links come from SITE_URL, not the request', () => {
  it('feeds, sitemaps and robots.txt requested with Host: evil.example and forged X-Forwarded-* link only to SITE_URL', async () => {
    const { post, paths } = await publishedSite();
    for (const path of paths) {
      const res = await call(path, FORGED);
      const body = await res.text();
      expect(res.status, path).toBe(200);
      const urls = absoluteUrls(body);
      expect(urls.length, path).toBeGreaterThan(0);
      for (const url of urls) expect(url.startsWith(`${SITE}/`), `${path}: ${url}`).toBe(true);
      expect(body, path).not.toContain(EVIL);
    }
    expect(await (await call('/rss.xml', FORGED)).text()).toContain(`<link>${SITE}/details/${post.slug}</link>`);
  });

  it('a page requested with Host: evil.example has its canonical, og:url and og:image on SITE_URL', async () => {
    const { post } = await publishedSite();
    const res = await call(`/details/${post.slug}`, FORGED);
    const html = await res.text();
    expect(res.status).toBe(200);
    expect(html).toContain(`<link rel="canonical" href="${SITE}/details/${post.slug}">`);
    expect(html).toContain(`<meta property="og:url" content="${SITE}/details/${post.slug}">`);
    expect(html).toContain(`<meta property="og:image" content="${SITE}${post.coverImage}">`);
    expect(html).not.toContain(EVIL);
  });

  it("a site path given to SiteAddress.link stays on the site, even when it looks like another host's address", () => {
    const site = siteAddress('https://blog.example.com');
    if ('problem' in site) throw new Error(site.problem);
    expect(site.origin).toBe('https://blog.example.com');
    expect(site.link('//evil.example/x')).toBe('https://blog.example.com//evil.example/x');
    expect(new URL(site.link('/\\evil.example/x')).origin).toBe('https://blog.example.com');
    expect(site.link('rss.xml')).toBe('https://blog.example.com/rss.xml');
  });
});

describe('without a valid SITE_URL', () => {
  it('every feed, sitemap and robots.txt answers 503 with Retry-After and the fix, logs one error, and is never cached', async () => {
    const { paths } = await publishedSite();
    for (const siteUrl of [undefined, '', 'http://blog.example.com']) {
      for (const path of paths) {
        const { res, body, errors } = await getWithSiteUrl(path, siteUrl);
        expect(res.status, `${siteUrl} ${path}`).toBe(503);
        expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
        expect(res.headers.get('cache-control')).toContain('no-store');
        expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
        expect(body).toMatch(/^SITE_URL is not configured: .*set SITE_URL in wrangler\.toml/);
        expect(res.headers.get('x-cache')).toBe('MISS');
        const refusals = errors.filter((e) => e.includes('FEED NOT SERVED'));
        expect(refusals, path).toHaveLength(1);
        expect(refusals[0]).toMatch(/FEED NOT SERVED: SITE_URL (is not set|"http:\/\/blog\.example\.com" must start with https:\/\/).*set SITE_URL in wrangler\.toml \[vars\]/);
      }
    }
    // Nothing was stored: the same addresses under the same content version answer afresh once SITE_URL is set.
    for (const path of paths) {
      const { res } = await getWithSiteUrl(path, SITE);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('x-cache'), path).not.toBe('HIT');
    }
  });

  it('a page still renders, leaving out canonical, og:url and an og:image only the Host could make absolute', async () => {
    const { post } = await publishedSite();
    const { res, body, errors } = await getWithSiteUrl(`/details/${post.slug}`, '');
    expect(res.status).toBe(200);
    expect(body).toContain(`<meta property="og:title"`);
    expect(body).not.toContain('rel="canonical"');
    expect(body).not.toContain('og:url');
    expect(body).not.toContain('og:image');
    expect(absoluteUrls(body).filter((u) => u.startsWith(ORIGIN))).toEqual([]);
    expect(errors).toEqual([]);

    const [author, category] = await Promise.all([createUser(), createCategory()]);
    const remote = await createPost(author, category, { coverImage: 'https://images.example/cover.jpg' });
    const page = await getWithSiteUrl(`/details/${remote.slug}`, '');
    expect(page.body).toContain('<meta property="og:image" content="https://images.example/cover.jpg">');
  });
});
