// The settings' logo (product.md §14): once set, the header shows it, with the site's title as its
// alternative text, in place of the name, with its width and height (decision 067); removed, the name is
// back. Fresh at the next view.
import { env } from 'cloudflare:test';
import { afterEach, describe, expect, it } from 'vitest';
import type { MediaUploadResponse } from '../../contracts/media';
import { callAs } from './admin-kit';
import { call } from './helpers';
import { createAdmin, json, uid, type TestUser } from './factories';
import { solidPng } from './png-kit';

const headerOf = async (path: string) => {
  const html = await (await call(path)).text();
  return html.slice(html.indexOf('<header'), html.indexOf('</header>'));
};

async function uploadLogo(admin: TestUser): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([(await solidPng(40, 10, [0, 0, 0, 255])) as BlobPart], { type: 'image/png' }), 'logo.png');
  return (await json<MediaUploadResponse>(await callAs(admin, '/api/media', { method: 'POST', body: form }), 201)).url;
}

describe('the site logo in the header', () => {
  let admin: TestUser | undefined;
  afterEach(async () => {
    if (admin) await callAs(admin, '/api/admin/settings', { method: 'PATCH', json: { logo: null } });
  });

  it('a logo PATCH shows the image (alt = title, its width and height) instead of the name on every page; null brings the name back', async () => {
    admin = await createAdmin();
    const title = `Gazette ${uid(6)}`;
    const url = await uploadLogo(admin);
    await json(await callAs(admin, '/api/admin/settings', { method: 'PATCH', json: { title, logo: url } }));

    for (const path of ['/', `/no-such-page-${uid()}`]) {
      const header = await headerOf(path);
      expect(header).toMatch(new RegExp(`<a class="site-name" href="/"[^>]*><img class="site-logo" src="${url}" alt="${title}" width="40" height="10"/></a>`));
    }

    await json(await callAs(admin, '/api/admin/settings', { method: 'PATCH', json: { logo: null } }));
    const header = await headerOf('/');
    expect(header).not.toContain('site-logo');
    expect(header).toMatch(new RegExp(`class="site-name"[^>]*>${title}</a>`));
  });

  it('an upload stored before sizes were recorded is measured when it becomes the logo: the header still gets width and height', async () => {
    admin = await createAdmin();
    const url = await uploadLogo(admin);
    await env.DB.prepare('UPDATE media SET width = NULL, height = NULL WHERE key = ?').bind(url.slice('/media/'.length)).run();
    const saved = await json<{ logoWidth: number | null; logoHeight: number | null }>(await callAs(admin, '/api/admin/settings', { method: 'PATCH', json: { logo: url } }));
    expect(saved).toMatchObject({ logoWidth: 40, logoHeight: 10 });
    expect(await headerOf('/')).toContain(`src="${url}" alt="`);
    expect(await headerOf('/')).toMatch(/class="site-logo"[^>]* width="40" height="10"/);
  });
});
