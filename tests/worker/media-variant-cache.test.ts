// Resized images kept at the edge (decision 067): /media/:key?w= stores each width+format it resizes, so the
// second request for it does not run the Images binding; under Workers Cache every /media answer is tagged
// media:<key>; deleting the image purges that tag and its stored variants.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { MediaUploadResponse } from '../../contracts/media';
import { edgeStore } from '../../worker/lib/cache-store';
import { variantCacheKey } from '../../worker/lib/media-variant-cache';
import { ORIGIN } from './helpers';
import { createCategory, createPost, createUser, json } from './factories';
import { solidPng } from './png-kit';
import { callWorker, recordingCache } from './workers-cache-kit';

/** Cloudflare's Images binding, counting how often an image is given to it (the resizes it does). */
function countingImages(): { env: Env; resizes: () => number } {
  let resizes = 0;
  const images = env.IMAGES!;
  const input: ImagesBinding['input'] = (stream, options) => {
    resizes += 1;
    return images.input(stream, options);
  };
  const counting = new Proxy(images, { get: (target, prop) => (prop === 'input' ? input : (Reflect.get(target, prop, target) as unknown)) });
  return { env: { ...env, IMAGES: counting }, resizes: () => resizes };
}

async function storedPng(): Promise<string> {
  const key = `${crypto.randomUUID().replaceAll('-', '')}.png`;
  await env.MEDIA.put(key, await solidPng(1500, 900, [20, 120, 220, 255]));
  return key;
}

const AVIF = { accept: 'image/avif,image/webp,*/*' };

describe('resized images are stored per width and format', () => {
  it('answers the second request for a width+format from the edge without calling the Images binding', async () => {
    const key = await storedPng();
    const { env: counted, resizes } = countingImages();
    const first = await callWorker(`/media/${key}?w=640`, { headers: AVIF, env: counted });
    const firstBytes = new Uint8Array(await first.arrayBuffer());
    expect(resizes()).toBe(1);
    // Another browser's Accept naming AVIF too: the same variant.
    const second = await callWorker(`/media/${key}?w=640`, { headers: { accept: 'image/avif' }, env: counted });
    expect(second.status).toBe(200);
    expect(second.headers.get('content-type')).toBe('image/avif');
    expect(second.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(second.headers.get('vary')).toBe('Accept');
    expect(new Uint8Array(await second.arrayBuffer())).toEqual(firstBytes);
    expect(resizes()).toBe(1);
  });

  it('keys on the format: a WebP or PNG request for the same width is resized once each, never given the AVIF', async () => {
    const key = await storedPng();
    const { env: counted, resizes } = countingImages();
    await (await callWorker(`/media/${key}?w=320`, { headers: AVIF, env: counted })).arrayBuffer();
    const webp = await callWorker(`/media/${key}?w=320`, { headers: { accept: 'image/webp,*/*' }, env: counted });
    expect(webp.headers.get('content-type')).toBe('image/webp');
    await webp.arrayBuffer();
    const png = await callWorker(`/media/${key}?w=320`, { headers: { accept: '*/*' }, env: counted });
    expect(png.headers.get('content-type')).toBe('image/png');
    await png.arrayBuffer();
    expect(resizes()).toBe(3);
    await (await callWorker(`/media/${key}?w=320`, { headers: { accept: 'image/webp' }, env: counted })).arrayBuffer();
    await (await callWorker(`/media/${key}?w=960`, { headers: { accept: 'image/webp' }, env: counted })).arrayBuffer();
    expect(resizes()).toBe(4);
  });

  it('tags every /media answer media:<key> under Workers Cache, resized or not', async () => {
    const key = await storedPng();
    const cache = recordingCache();
    for (const path of [`/media/${key}`, `/media/${key}?w=960`]) {
      const res = await callWorker(path, { headers: AVIF, cache });
      expect(res.headers.get('cache-tag'), path).toBe(`media:${key}`);
      await res.arrayBuffer();
    }
  });
});

describe('deleting an image purges its stored copies', () => {
  it('purges the media:<key> tag from Workers Cache and every stored variant', async () => {
    const author = await createUser();
    const form = new FormData();
    form.append('file', new Blob([(await solidPng(1400, 700, [200, 10, 10, 255])) as BlobPart], { type: 'image/png' }), 'd.png');
    const uploaded = await json<MediaUploadResponse>(await callWorker('/api/media', { method: 'POST', body: form, cookie: author.cookie, ip: author.ip }), 201);
    const key = uploaded.url.slice('/media/'.length);
    await (await callWorker(`/media/${key}?w=640`, { headers: AVIF })).arrayBuffer();
    await (await callWorker(`/media/${key}?w=320`, { headers: { accept: '*/*' } })).arrayBuffer();
    const variants = [variantCacheKey(ORIGIN, key, 640, 'image/avif'), variantCacheKey(ORIGIN, key, 320, 'image/png')];
    for (const v of variants) expect(await edgeStore().match(v), v).toBeDefined();

    const cache = recordingCache();
    const res = await callWorker(`/api/media/${key}`, { method: 'DELETE', cookie: author.cookie, ip: author.ip, cache });
    expect(res.status).toBe(204);
    expect(cache.purges).toContainEqual([`media:${key}`]);
    for (const v of variants) expect(await edgeStore().match(v), v).toBeUndefined();
    expect((await callWorker(`/media/${key}?w=640`, { headers: AVIF })).status).toBe(404);
  });

  it('a refused delete (the image is used) purges nothing', async () => {
    const author = await createUser();
    const form = new FormData();
    form.append('file', new Blob([(await solidPng(4, 4, [1, 1, 1, 255])) as BlobPart], { type: 'image/png' }), 'x.png');
    const { url } = await json<MediaUploadResponse>(await callWorker('/api/media', { method: 'POST', body: form, cookie: author.cookie, ip: author.ip }), 201);
    await createPost(author, await createCategory(), { coverImage: url });
    const cache = recordingCache();
    expect((await callWorker(`/api${url}`, { method: 'DELETE', cookie: author.cookie, ip: author.ip, cache })).status).toBe(409);
    expect(cache.purges).toEqual([]);
  });
});
