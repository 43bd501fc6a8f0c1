// The site's icons (product.md §14, decision 044): /favicon.ico, /apple-touch-icon.png, the manifest's PNGs
// and /site.webmanifest, made from the icon set in the settings (resized by the Images binding), Byline's
// own while none is set, cached for visitors and changed by the next view after an icon PATCH.
import { describe, expect, it } from 'vitest';
import type { MediaUploadResponse } from '../../contracts/media';
import { callAs, dbSnapshot } from './admin-kit';
import { call, expectError } from './helpers';
import { createAdmin, json, type TestUser } from './factories';
import { chunk, PNG_SIGNATURE, pngSize, solidPng } from './png-kit';

const bytesOf = async (res: Response) => new Uint8Array(await res.arrayBuffer());

async function uploaded(who: TestUser, png: Uint8Array): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([png as BlobPart], { type: 'image/png' }), 'icon.png');
  return (await json<MediaUploadResponse>(await callAs(who, '/api/media', { method: 'POST', body: form }), 201)).url;
}

const setIcon = async (admin: TestUser, icon: string | null) =>
  json(await callAs(admin, '/api/admin/settings', { method: 'PATCH', json: { icon } }));

/** The PNG at `path`, checked to be one of `size` pixels square. */
async function squarePng(path: string, size: number): Promise<Uint8Array> {
  const res = await call(path);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('image/png');
  const png = await bytesOf(res);
  expect([...png.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
  expect(pngSize(png)).toEqual({ width: size, height: size });
  return png;
}

/** /favicon.ico, checked to be an ICO of a 16 and a 32 pixel PNG; answers its bytes. */
async function favicon(): Promise<Uint8Array> {
  const res = await call('/favicon.ico');
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('image/x-icon');
  const ico = await bytesOf(res);
  const view = new DataView(ico.buffer);
  expect([view.getUint16(0, true), view.getUint16(2, true), view.getUint16(4, true)]).toEqual([0, 1, 2]);
  const sizes = [0, 1].map((i) => {
    const entry = 6 + i * 16;
    const png = ico.subarray(view.getUint32(entry + 12, true), view.getUint32(entry + 12, true) + view.getUint32(entry + 8, true));
    expect([...png.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
    expect(pngSize(png)).toEqual({ width: view.getUint8(entry), height: view.getUint8(entry + 1) });
    return view.getUint8(entry);
  });
  expect(sizes).toEqual([16, 32]);
  return ico;
}

interface Manifest {
  name: string;
  short_name: string;
  start_url: string;
  display: string;
  theme_color: string;
  icons: { src: string; sizes: string; type: string }[];
}

async function manifest(): Promise<Manifest> {
  const res = await call('/site.webmanifest');
  expect(res.headers.get('content-type')).toBe('application/manifest+json');
  return json<Manifest>(res);
}

describe('site icons: Byline’s own while no icon is set', () => {
  it('/favicon.ico is an ICO of 16 and 32 pixel PNGs, the PNGs are 180, 192 and 512 pixels, the manifest names the site', async () => {
    const admin = await createAdmin();
    await setIcon(admin, null);
    await json(await callAs(admin, '/api/admin/settings', { method: 'PATCH', json: { title: 'Icon Test Site', accentColor: '#AA3300' } }));
    await favicon();
    await squarePng('/apple-touch-icon.png', 180);
    await squarePng('/icon-192.png', 192);
    await squarePng('/icon-512.png', 512);
    expect(await manifest()).toMatchObject({
      name: 'Icon Test Site',
      short_name: 'Icon Test Site',
      start_url: '/',
      display: 'standalone',
      theme_color: '#aa3300',
      icons: [
        { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
        { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
        { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml' },
      ],
    });
  });

  it('every page links the favicon, the SVG, the touch icon and the manifest', async () => {
    await setIcon(await createAdmin(), null);
    const html = await (await call('/')).text();
    expect(html).toContain('<link rel="icon" href="/favicon.ico" sizes="32x32">');
    expect(html).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml">');
    expect(html).toContain('<link rel="apple-touch-icon" href="/apple-touch-icon.png">');
    expect(html).toContain('<link rel="manifest" href="/site.webmanifest">');
  });
});

describe('site icons: made from the uploaded icon', () => {
  it('an icon PATCH changes every icon at the next view (a wide image cropped square), and the SVG link goes', async () => {
    const admin = await createAdmin();
    await setIcon(admin, null);
    const before = { ico: await favicon(), touch: await squarePng('/apple-touch-icon.png', 180), big: await squarePng('/icon-512.png', 512) };

    await setIcon(admin, await uploaded(admin, await solidPng(64, 40, [200, 30, 30, 255])));
    const red = { ico: await favicon(), touch: await squarePng('/apple-touch-icon.png', 180), big: await squarePng('/icon-512.png', 512) };
    await squarePng('/icon-192.png', 192);
    expect(red.ico).not.toEqual(before.ico);
    expect(red.touch).not.toEqual(before.touch);
    expect(red.big).not.toEqual(before.big);

    await setIcon(admin, await uploaded(admin, await solidPng(48, 48, [20, 40, 220, 255])));
    expect(await favicon()).not.toEqual(red.ico);
    expect(await squarePng('/apple-touch-icon.png', 180)).not.toEqual(red.touch);
    expect((await manifest()).icons.map((i) => i.src)).toEqual(['/icon-192.png', '/icon-512.png']);
    const html = await (await call('/')).text();
    expect(html).toContain('<link rel="icon" href="/favicon.ico" sizes="32x32">');
    expect(html).not.toContain('/favicon.svg');
  });

  it('icons are cached for visitors (a second view is a hit) and fresh after the icon is removed', async () => {
    const admin = await createAdmin();
    await setIcon(admin, await uploaded(admin, await solidPng(32, 32, [10, 160, 60, 255])));
    const first = await call('/apple-touch-icon.png');
    const green = await bytesOf(first);
    const again = await call('/apple-touch-icon.png');
    expect(again.headers.get('x-cache')).toBe('HIT');
    expect(await bytesOf(again)).toEqual(green);
    await setIcon(admin, null);
    expect(await squarePng('/apple-touch-icon.png', 180)).not.toEqual(green);
  });

  it('an upload the Images binding cannot read answers Byline’s own icon, not an error', async () => {
    const admin = await createAdmin();
    await setIcon(admin, null);
    const own = await squarePng('/apple-touch-icon.png', 180);
    // Well-formed chunks (uploads refuse a broken structure), but image data no decoder can read.
    const broken = new Uint8Array([
      ...PNG_SIGNATURE,
      ...chunk('IHDR', new Uint8Array([0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0])),
      ...chunk('IDAT', new TextEncoder().encode('not really a picture at all')),
      ...chunk('IEND', new Uint8Array()),
    ]);
    await setIcon(admin, await uploaded(admin, broken));
    expect(await squarePng('/apple-touch-icon.png', 180)).toEqual(own);
    await favicon();
  });
});

describe('PATCH /api/admin/settings: icon and logo', () => {
  it('refuses an address that is no upload of this site with 422, and changes nothing', async () => {
    const admin = await createAdmin();
    const before = await dbSnapshot();
    for (const [body, field] of [
      [{ icon: 'https://elsewhere.example/icon.png' }, 'icon'],
      [{ icon: '/media/../secret.png' }, 'icon'],
      [{ logo: `/media/${'0'.repeat(32)}.png` }, 'logo'],
      [{ logo: 12 }, 'logo'],
    ] as const) {
      const res = await callAs(admin, '/api/admin/settings', { method: 'PATCH', json: body });
      const error = await expectError(res, 422, 'validation_failed');
      expect(Object.keys(error.error.fields ?? {})).toEqual([field]);
    }
    expect((await dbSnapshot()).settings).toBe(before.settings);
  });
});
