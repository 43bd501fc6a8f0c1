// The accent colour on every page (decision 043): each page links the stylesheet its settings' colour names,
// `/accent/v1/<rrggbb>.css` answers both themes' derived shades, and the CSP stays `style-src 'self'` —
// no inline style anywhere, the settings screen's preview included.
import { describe, expect, it } from 'vitest';
import { accentShades, accentStylesheet } from '../../contracts/accent';
import { callAs } from './admin-kit';
import { call } from './helpers';
import { createAdmin, createCategory, createPost, createUser, json, uid } from './factories';

const ACCENT_LINK = /<link rel="stylesheet" href="([^"]*)" id="site-accent">/g;

/** The accent stylesheets a page links (there must be exactly one). */
const accentLinks = (html: string): string[] => [...html.matchAll(ACCENT_LINK)].map((m) => m[1]!);

/** The CSP's directives by name. */
function cspOf(res: Response): Map<string, string[]> {
  const csp = res.headers.get('content-security-policy') ?? '';
  return new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...values]) => [name!.toLowerCase(), values] as const),
  );
}

/** No inline style a strict `style-src 'self'` would block: no <style> element, no style attribute. */
function expectNoInlineStyle(html: string): void {
  expect(html).not.toMatch(/<style\b/i);
  expect(html).not.toMatch(/\sstyle=/i);
}

describe('the accent stylesheet on pages', () => {
  it("every page links the stylesheet of the settings' accent, and the next view after a change links the new one", async () => {
    const [admin, author, category] = await Promise.all([createAdmin(), createUser(), createCategory()]);
    const post = await createPost(author, category);
    const paths = ['/', `/details/${post.slug}`, `/category/${category.slug}`, '/login', `/no-such-page-${uid()}`];
    await json(await callAs(admin, '/api/admin/settings', { method: 'PATCH', json: { accentColor: '#2563eb' } }));
    for (const path of paths) expect(accentLinks(await (await call(path)).text()), path).toEqual(['/accent/v1/2563eb.css']);
    expect((await call('/')).headers.get('x-cache')).toBe('HIT');

    await json(await callAs(admin, '/api/admin/settings', { method: 'PATCH', json: { accentColor: '#FFFF00' } }));
    for (const path of paths) expect(accentLinks(await (await call(path)).text()), path).toEqual(['/accent/v1/ffff00.css']);

    // A short or translucent colour is linked by its opaque six-digit form: one file per colour.
    await json(await callAs(admin, '/api/admin/settings', { method: 'PATCH', json: { accentColor: '#abc8' } }));
    expect(accentLinks(await (await call('/')).text())).toEqual(['/accent/v1/aabbcc.css']);
  });

  it("answers the derived shades of the colour its address names, kept a year, under the site's CSP", async () => {
    const res = await call('/accent/v1/ffff00.css');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/css; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const css = await res.text();
    expect(css).toBe(accentStylesheet('#ffff00'));
    // Yellow fails on the light theme's backgrounds: a darker shade of it is used there, the colour itself on dark.
    const shades = accentShades('#ffff00');
    expect(shades.light.text).not.toBe('#ffff00');
    expect(css).toContain(`--site-accent-light:${shades.light.text}`);
    expect(css).toContain('--site-accent-dark:#ffff00');
    expect(cspOf(res).get('style-src')).toEqual(["'self'"]);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it.each([
    '/accent/v1/FFFF00.css',
    '/accent/v1/fff.css',
    '/accent/v1/ffff00.js',
    '/accent/v2/ffff00.css',
    '/accent/v1/%3Cscript%3E.css',
    '/accent/v1/ffff00%22%3E.css',
  ])('%s names no colour: 404, never kept', async (path) => {
    const res = await call(path);
    expect(res.status).toBe(404);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.text()).not.toContain('<');
  });

  it('leaves /accent itself to the pages (a page may be called "accent")', async () => {
    const res = await call('/accent');
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
  });
});

describe('the CSP with the accent', () => {
  it("stays style-src 'self' and the pages hold no inline style, with any accent", async () => {
    const admin = await createAdmin();
    await json(await callAs(admin, '/api/admin/settings', { method: 'PATCH', json: { accentColor: '#123456' } }));
    for (const path of ['/', '/login']) {
      const res = await call(path);
      expect(cspOf(res).get('style-src'), path).toEqual(["'self'"]);
      expect(cspOf(res).get('default-src'), path).toEqual(["'self'"]);
      expectNoInlineStyle(await res.text());
    }
  });

  it("the settings screen's preview of both shades is drawn with attributes, not inline styles", async () => {
    const admin = await createAdmin();
    await json(await callAs(admin, '/api/admin/settings', { method: 'PATCH', json: { accentColor: '#ffff00' } }));
    const res = await callAs(admin, '/admin/settings');
    expect(res.status).toBe(200);
    const html = await res.text();
    expectNoInlineStyle(html);
    const shades = accentShades('#ffff00');
    expect(html).toContain(`fill="${shades.light.text}"`);
    expect(html).toContain(`fill="${shades.dark.text}"`);
    expect(html).toContain('Light theme: links in');
    expect(html).toContain('Dark theme: links in');
    expect(cspOf(res).get('style-src')).toEqual(["'self'"]);
  });
});
