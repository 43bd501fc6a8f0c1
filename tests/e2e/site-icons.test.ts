// The site icons under `wrangler dev` (decision 044): Byline's own while none is set, and an uploaded icon
// resized by the local Images binding (miniflare with sharp), as `npm start` serves them.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { pngSize } from '../worker/png-kit';
import { baseURL } from './support/browser';
import { api, sessionCookie } from './support/own-data';

const ICON = readFileSync(path.resolve(import.meta.dirname, '../../demo/media/type-scale.png'));

async function touchIcon(): Promise<Uint8Array> {
  const res = await fetch(`${baseURL()}/apple-touch-icon.png`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('image/png');
  const png = new Uint8Array(await res.arrayBuffer());
  expect(pngSize(png)).toEqual({ width: 180, height: 180 });
  return png;
}

afterAll(async () => {
  await api('PATCH', '/api/admin/settings', { icon: null });
});

describe('site icons under wrangler dev', () => {
  it('answers the favicon, touch icon and manifest; an uploaded icon is resized to 180 by the Images binding', async () => {
    await api('PATCH', '/api/admin/settings', { icon: null });
    const own = await touchIcon();
    const ico = await fetch(`${baseURL()}/favicon.ico`);
    expect([ico.status, ico.headers.get('content-type')]).toEqual([200, 'image/x-icon']);
    const manifest = await fetch(`${baseURL()}/site.webmanifest`);
    expect(((await manifest.json()) as { start_url: string }).start_url).toBe('/');

    const form = new FormData();
    form.append('file', new Blob([ICON], { type: 'image/png' }), 'icon.png');
    const cookie = await sessionCookie(inject('harnessAdmin'));
    const upload = await fetch(`${baseURL()}/api/media`, { method: 'POST', body: form, headers: { cookie, origin: baseURL() } });
    expect(upload.status).toBe(201);
    const { url } = (await upload.json()) as { url: string };
    await api('PATCH', '/api/admin/settings', { icon: url });
    expect(await touchIcon()).not.toEqual(own);
  });
});
