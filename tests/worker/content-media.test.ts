// Media: uploads are images by their bytes (not their name or declared type), ≤ 20 MB, served back safely.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { MAX_IMAGE_BYTES, type MediaUploadResponse } from '../../contracts/media';
import type { PostResponse } from '../../contracts/posts';
import type { ProfileUpdateResponse } from '../../contracts/profile';
import { sniffImage } from '../../worker/lib/image-sniff';
import { call, expectError } from './helpers';
import { createCategory, createUser, json, postInput, type TestUser } from './factories';
import { pngOf } from './png-kit';

/** A real 2×2 RGBA PNG, built byte by byte (signature, IHDR, zlib IDAT, IEND). */
function tinyPng(): Promise<Uint8Array> {
  const rows = new Uint8Array([0, 255, 0, 0, 255, 0, 0, 255, 255, 0, 255, 255, 0, 255, 255, 255, 255, 0, 0, 0, 0]);
  return pngOf(2, 2, rows.slice(0, 2 * (1 + 2 * 4)));
}

const bytes = (...parts: (number[] | string)[]) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...new TextEncoder().encode(p)] : p)));

const SAMPLES: Record<string, { data: Uint8Array; ext: string; type: string }> = {
  jpeg: { data: bytes([0xff, 0xd8, 0xff, 0xe0, 0, 16], 'JFIF', [0, 1, 1, 0, 0, 1, 0, 1, 0, 0, 0xff, 0xd9]), ext: 'jpg', type: 'image/jpeg' },
  gif: { data: bytes('GIF89a', [1, 0, 1, 0, 0, 0, 0, 0x3b]), ext: 'gif', type: 'image/gif' },
  webp: { data: bytes('RIFF', [26, 0, 0, 0], 'WEBPVP8L', [13, 0, 0, 0, 0x2f, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]), ext: 'webp', type: 'image/webp' },
  avif: { data: bytes([0, 0, 0, 28], 'ftypavif', [0, 0, 0, 0], 'avifmif1miaf', [0, 0, 0, 8], 'free'), ext: 'avif', type: 'image/avif' },
};

function upload(who: TestUser | null, file: Blob | string | null, name = 'photo.png', extra: Record<string, string> = {}) {
  const form = new FormData();
  if (file !== null) {
    if (typeof file === 'string') form.append('file', file);
    else form.append('file', file, name);
  }
  return call('/api/media', { method: 'POST', body: form, ...(who ? { cookie: who.cookie, ip: who.ip } : {}), headers: extra });
}

async function mediaRowsOf(userId: number): Promise<number> {
  const row = await env.DB.prepare('SELECT count(*) AS n FROM media WHERE owner_id = ?').bind(userId).first<{ n: number }>();
  return row!.n;
}

describe('POST /api/media', () => {
  it('needs a session: 401, nothing stored', async () => {
    const png = await tinyPng();
    await expectError(await upload(null, new Blob([png as BlobPart], { type: 'image/png' })), 401, 'unauthenticated');
  });

  it('accepts a real PNG whatever its declared type and name, and serves it back with image/png and nosniff', async () => {
    const user = await createUser();
    const png = await tinyPng();
    expect(sniffImage(png)).toEqual({ contentType: 'image/png', extension: 'png' });
    const { url } = await json<MediaUploadResponse>(await upload(user, new Blob([png as BlobPart], { type: 'text/plain' }), 'notes.txt'), 201);
    expect(url).toMatch(/^\/media\/[0-9a-f]{32}\.png$/);
    const key = url.slice('/media/'.length);
    const row = await env.DB.prepare('SELECT owner_id, content_type, size FROM media WHERE key = ?').bind(key).first();
    expect(row).toEqual({ owner_id: user.id, content_type: 'image/png', size: png.byteLength });

    const res = await call(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'");
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(png);

    const etag = res.headers.get('etag')!;
    expect(etag).toBeTruthy();
    const again = await call(url, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);

    const head = await call(url, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe('image/png');
  });

  it.each(Object.entries(SAMPLES))('accepts %s by its magic number', async (_name, sample) => {
    const user = await createUser();
    const { url } = await json<MediaUploadResponse>(await upload(user, new Blob([sample.data as BlobPart]), 'x.bin'), 201);
    expect(url.endsWith(`.${sample.ext}`)).toBe(true);
    expect((await call(url)).headers.get('content-type')).toBe(sample.type);
  });

  it.each([
    ['a text file renamed .png', bytes('hello, this is not an image'), 'image.png', 'image/png'],
    ['an SVG with script', bytes('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'), 'x.png', 'image/svg+xml'],
    ['HTML', bytes('<!doctype html><script>alert(1)</script>'), 'x.jpg', 'image/jpeg'],
    ['a PDF', bytes('%PDF-1.7\n'), 'x.gif', 'image/gif'],
    ['a HEIC (not AVIF)', bytes([0, 0, 0, 24], 'ftypheic', [0, 0, 0, 0], 'mif1heic'), 'x.avif', 'image/avif'],
    ['a truncated PNG signature', bytes([0x89, 0x50, 0x4e, 0x47]), 'x.png', 'image/png'],
  ])('refuses %s with 415 naming file, and stores nothing', async (_label, data, name, type) => {
    const user = await createUser();
    const body = await expectError(await upload(user, new Blob([data as BlobPart], { type }), name), 415, 'unsupported_media_type');
    expect(body.error.fields).toHaveProperty('file');
    expect(await mediaRowsOf(user.id)).toBe(0);
  });

  it('refuses a body over 20 MB with 413', async () => {
    const user = await createUser();
    const png = await tinyPng();
    const big = new Uint8Array(MAX_IMAGE_BYTES + 1);
    big.set(png);
    await expectError(await upload(user, new Blob([big as BlobPart], { type: 'image/png' })), 413, 'payload_too_large');
    expect(await mediaRowsOf(user.id)).toBe(0);
  });

  it('bad forms: no file, a text field, an empty file → 422 fields.file; JSON → 415; broken multipart → 400', async () => {
    const user = await createUser();
    expect((await expectError(await upload(user, null), 422, 'validation_failed')).error.fields).toHaveProperty('file');
    expect((await expectError(await upload(user, 'just text'), 422, 'validation_failed')).error.fields).toHaveProperty('file');
    expect((await expectError(await upload(user, new Blob([])), 422, 'validation_failed')).error.fields).toHaveProperty('file');
    const two = new FormData();
    const png = await tinyPng();
    two.append('file', new Blob([png as BlobPart]), 'a.png');
    two.append('file', new Blob([png as BlobPart]), 'b.png');
    await expectError(await call('/api/media', { method: 'POST', body: two, cookie: user.cookie }), 422, 'validation_failed');
    await expectError(await call('/api/media', { json: { file: 'x' }, cookie: user.cookie }), 415, 'unsupported_media_type');
    await expectError(
      await call('/api/media', {
        method: 'POST',
        body: '--nope\r\nContent-Disposition: form-data; name="file"\r\n\r\nunterminated',
        headers: { 'content-type': 'multipart/form-data; boundary=other' },
        cookie: user.cookie,
      }),
      400,
      'bad_request',
    );
    expect(await mediaRowsOf(user.id)).toBe(0);
  });

  it('refuses a cross-site upload with 403', async () => {
    const user = await createUser();
    const png = await tinyPng();
    await expectError(
      await upload(user, new Blob([png as BlobPart]), 'a.png', { origin: 'https://evil.example' }),
      403,
      'forbidden',
    );
    expect(await mediaRowsOf(user.id)).toBe(0);
  });

  it('an uploaded image works as a cover image and as an avatar', async () => {
    const [user, category] = await Promise.all([createUser(), createCategory()]);
    const { url } = await json<MediaUploadResponse>(await upload(user, new Blob([(await tinyPng()) as BlobPart])), 201);
    const { post } = await json<PostResponse>(
      await call('/api/posts', { json: postInput(category, { coverImage: url }), cookie: user.cookie }),
      201,
    );
    expect(post.coverImage).toBe(url);
    const { user: me } = await json<ProfileUpdateResponse>(
      await call('/api/profile', { method: 'PATCH', json: { image: url }, cookie: user.cookie }),
    );
    expect(me.image).toBe(url);
  });
});

describe('GET /media/:key', () => {
  it.each(['/media/0123456789abcdef0123456789abcdef.png', '/media/nothing', '/media/..%2F..%2Fetc%2Fpasswd', '/media/ABC.PNG'])(
    '%s → 404 with nosniff',
    async (path) => {
      const res = await call(path);
      expect(res.status).toBe(404);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    },
  );
});
