// The site's name and language come from the settings on every page: `<title>`, the header, the footer,
// og:site_name, the site feed's link, a post's JSON-LD publisher and `<html lang>` — on the very next view
// after a change, cached pages included.
import { describe, expect, it } from 'vitest';
import { callAs } from './admin-kit';
import { call } from './helpers';
import { mailsTo } from './mail-outbox';
import { createAdmin, createCategory, createPost, createUser, json, uid } from './factories';

const page = async (path: string) => {
  const res = await call(path);
  return { cache: res.headers.get('x-cache'), html: await res.text() };
};

describe('the site settings on the pages', () => {
  it('a new title and language show at once on the home page, a post page and the 404 page', async () => {
    const [admin, author, category] = await Promise.all([createAdmin(), createUser(), createCategory()]);
    const post = await createPost(author, category);
    const paths = ['/', `/details/${post.slug}`, `/no-such-page-${uid()}`];
    for (const path of paths) await page(path);
    expect((await page('/')).cache).toBe('HIT');

    const title = `The Daily <${uid()}>`;
    const escaped = title.replace('<', '&lt;').replace('>', '&gt;');
    await json(await callAs(admin, '/api/admin/settings', { method: 'PATCH', json: { title, language: 'de-AT', description: 'Neues aus Wien' } }));

    const home = await page('/');
    expect(home.cache).not.toBe('HIT');
    expect(home.html).toContain('<html lang="de-AT"');
    expect(home.html).toContain(`<title>${escaped}</title>`);
    expect(home.html).toContain(`<meta property="og:site_name" content="${escaped}">`);
    expect(home.html).toContain('<meta name="description" content="Neues aus Wien">');
    expect(home.html).toMatch(new RegExp(`class="site-name"[^>]*>${escaped.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}</a>`));
    expect(home.html).toContain(`<link rel="alternate" type="application/rss+xml" title="${escaped} (RSS)" href="/rss.xml">`);
    expect(home.html).not.toContain('Byline');

    const postPage = await page(`/details/${post.slug}`);
    expect(postPage.html).toContain(`<title>${post.title} — ${escaped}</title>`);
    expect(postPage.html).toContain('"publisher":{"@type":"Organization","name":"The Daily \\u003c');

    const missing = await page(paths[2]!);
    expect(missing.html).toContain(`<title>Page Not Found — ${escaped}</title>`);
    expect(missing.html).toContain('<html lang="de-AT"');
  });

  it("the site's and a category's feed take their channel title, description and language from the settings", async () => {
    const [admin, category] = await Promise.all([createAdmin(), createCategory()]);
    await call('/rss.xml');
    const title = `Feed Site ${uid()}`;
    await json(await callAs(admin, '/api/admin/settings', { method: 'PATCH', json: { title, language: 'fr', description: 'Des nouvelles' } }));
    const site = await (await call('/rss.xml')).text();
    expect(site).toContain(`<channel><title>${title}</title>`);
    expect(site).toContain('<description>Des nouvelles</description><language>fr</language>');
    const scoped = await (await call(`/category/${category.slug}/rss.xml`)).text();
    expect(scoped).toContain(`<title>${category.name} — ${title}</title>`);
  });

  it('mails go out under the title of the settings: the sender name, the subject and the signature', async () => {
    const [admin, user] = await Promise.all([createAdmin(), createUser()]);
    const title = `Mail Site ${uid()}`;
    await json(await callAs(admin, '/api/admin/settings', { method: 'PATCH', json: { title } }));
    expect((await call('/api/auth/password-reset', { json: { email: user.email } })).status).toBe(202);
    const [mail] = await mailsTo(user.email);
    expect(mail).toBeDefined();
    expect(JSON.stringify(mail!.from)).toContain(title);
    expect(mail!.subject).toBe(`Reset your ${title} password`);
    expect(mail!.text).toContain(`— ${title}`);
  });
});
