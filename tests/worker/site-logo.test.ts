// The settings' logo (product.md §14): once set, the header shows it, with the site's title as its
// alternative text, in place of the name; removed, the name is back. Fresh at the next view.
import { describe, expect, it } from 'vitest';
import type { MediaUploadResponse } from '../../contracts/media';
import { callAs } from './admin-kit';
import { call } from './helpers';
import { createAdmin, json, uid } from './factories';
import { solidPng } from './png-kit';

const headerOf = async (path: string) => {
  const html = await (await call(path)).text();
  return html.slice(html.indexOf('<header'), html.indexOf('</header>'));
};

describe('the site logo in the header', () => {
  it('a logo PATCH shows the image (alt = title) instead of the name on every page; null brings the name back', async () => {
    const admin = await createAdmin();
    const title = `Gazette ${uid(6)}`;
    const form = new FormData();
    form.append('file', new Blob([(await solidPng(40, 10, [0, 0, 0, 255])) as BlobPart], { type: 'image/png' }), 'logo.png');
    const { url } = await json<MediaUploadResponse>(await callAs(admin, '/api/media', { method: 'POST', body: form }), 201);
    await json(await callAs(admin, '/api/admin/settings', { method: 'PATCH', json: { title, logo: url } }));

    for (const path of ['/', `/no-such-page-${uid()}`]) {
      const header = await headerOf(path);
      expect(header).toMatch(new RegExp(`<a class="site-name" href="/"[^>]*><img class="site-logo" src="${url}" alt="${title}"/></a>`));
    }

    await json(await callAs(admin, '/api/admin/settings', { method: 'PATCH', json: { logo: null } }));
    const header = await headerOf('/');
    expect(header).not.toContain('site-logo');
    expect(header).toMatch(new RegExp(`class="site-name"[^>]*>${title}</a>`));
  });
});
