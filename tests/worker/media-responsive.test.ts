// /media/:key?w= (decision 064): one of the fixed widths, resized through the Images binding into the
// format Accept names, cached for a year; other widths a 400; the original where the binding is absent.
import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import worker from '../../worker/index';
import { IMAGE_WIDTHS } from '../../contracts/responsive-images';
import { call, expectError, requestFor } from './helpers';
import { pngSize, solidPng } from './png-kit';

async function storedPng(width: number, height: number): Promise<{ path: string; bytes: Uint8Array }> {
  const key = `${crypto.randomUUID().replaceAll('-', '')}.png`;
  const bytes = await solidPng(width, height, [200, 40, 40, 255]);
  await env.MEDIA.put(key, bytes);
  return { path: `/media/${key}`, bytes };
}

const startsWith = (bytes: Uint8Array, ascii: string, at = 0) =>
  new TextDecoder().decode(bytes.slice(at, at + ascii.length)) === ascii;

describe('GET /media/:key?w=', () => {
  it('resizes to the asked width as AVIF when Accept names it, immutable for a year and varying on Accept', async () => {
    const { path, bytes } = await storedPng(2000, 1000);
    const res = await call(`${path}?w=640`, { headers: { accept: 'image/avif,image/webp,*/*' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/avif');
    expect(res.headers.get('vary')).toBe('Accept');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const body = new Uint8Array(await res.arrayBuffer());
    expect(startsWith(body, 'ftyp', 4)).toBe(true);
    expect(body.byteLength).toBeLessThan(bytes.byteLength);
  });

  it('serves the original (no ?w=) the same to every browser: it does not vary on Accept', async () => {
    const { path, bytes } = await storedPng(200, 100);
    const res = await call(path, { headers: { accept: 'image/avif,image/webp,*/*' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('vary')).toBeNull();
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(bytes);
  });

  it('answers WebP when Accept names WebP but not AVIF', async () => {
    const { path } = await storedPng(2000, 1000);
    const res = await call(`${path}?w=320`, { headers: { accept: 'image/webp,*/*' } });
    expect(res.headers.get('content-type')).toBe('image/webp');
    const body = new Uint8Array(await res.arrayBuffer());
    expect(startsWith(body, 'RIFF') && startsWith(body, 'WEBP', 8)).toBe(true);
  });

  it('keeps the original format, scaled to the width, when Accept names neither', async () => {
    const { path } = await storedPng(2000, 1000);
    const res = await call(`${path}?w=960`, { headers: { accept: '*/*' } });
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(pngSize(new Uint8Array(await res.arrayBuffer()))).toEqual({ width: 960, height: 480 });
  });

  it('never enlarges an image narrower than the asked width', async () => {
    const { path } = await storedPng(500, 250);
    const res = await call(`${path}?w=1920`, { headers: { accept: '*/*' } });
    expect(pngSize(new Uint8Array(await res.arrayBuffer()))).toEqual({ width: 500, height: 250 });
  });

  it.each(['400', '0', '-320', 'abc', '320.5', '99999999'])('refuses the width %s with 400 bad_request', async (w) => {
    const { path } = await storedPng(100, 100);
    await expectError(await call(`${path}?w=${w}`), 400, 'bad_request');
  });

  it('every offered width is served', async () => {
    const { path } = await storedPng(2400, 100);
    for (const w of IMAGE_WIDTHS) {
      const res = await call(`${path}?w=${w}`, { headers: { accept: '*/*' } });
      expect(pngSize(new Uint8Array(await res.arrayBuffer())).width).toBe(w);
    }
  });

  it('a missing key with a width is a 404', async () => {
    const res = await call('/media/0123456789abcdef0123456789abcdef.png?w=320');
    expect(res.status).toBe(404);
  });

  it('answers the original bytes when the Images binding is absent', async () => {
    const { path, bytes } = await storedPng(2000, 1000);
    const ctx = createExecutionContext();
    const res = await worker.fetch(requestFor(`${path}?w=320`, { headers: { accept: 'image/avif' } }), { ...env, IMAGES: undefined } as unknown as Env, ctx);
    await waitOnExecutionContext(ctx);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(bytes);
  });
});
