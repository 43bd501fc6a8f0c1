// Uploads up to 20 MB, their width and height read from the header and stored (migration 0022), and
// rows stored before that measured on first use (decision 062).
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { MAX_IMAGE_BYTES } from '../../contracts/limits';
import type { MediaUploadResponse } from '../../contracts/media';
import { createDb } from '../../worker/db/client';
import { mediaDimensions } from '../../worker/services/media-store';
import { call, expectError } from './helpers';
import { createUser, json, type TestUser } from './factories';
import { avifOf, gifWithMetadata, jpegWithMetadata, pngWithMetadata, webpWithMetadata } from './media-kit';
import { crc32, pngOf } from './png-kit';

function upload(user: TestUser, bytes: Uint8Array): Promise<Response> {
  const form = new FormData();
  form.append('file', new Blob([bytes as BlobPart]), 'photo');
  return call('/api/media', { method: 'POST', body: form, cookie: user.cookie, ip: user.ip });
}

const rowOf = (url: string) =>
  env.DB.prepare('SELECT width, height FROM media WHERE key = ?').bind(url.slice('/media/'.length)).first<{ width: number | null; height: number | null }>();

async function mediaRowsOf(userId: number): Promise<number> {
  return (await env.DB.prepare('SELECT count(*) AS n FROM media WHERE owner_id = ?').bind(userId).first<{ n: number }>())!.n;
}

/** A PNG of exactly `bytes` bytes: a 1×1 image and a private ancillary chunk (kept by stripping) to fill it. */
async function pngOfSize(bytes: number): Promise<Uint8Array> {
  const png = await pngOf(1, 1, new Uint8Array(5));
  const ihdrEnd = 33;
  const dataLength = bytes - png.length - 12;
  const out = new Uint8Array(bytes);
  out.set(png.subarray(0, ihdrEnd));
  const view = new DataView(out.buffer);
  view.setUint32(ihdrEnd, dataLength);
  out.set(new TextEncoder().encode('prVt'), ihdrEnd + 4);
  view.setUint32(ihdrEnd + 8 + dataLength, crc32(out.subarray(ihdrEnd + 4, ihdrEnd + 8 + dataLength)));
  out.set(png.subarray(ihdrEnd), ihdrEnd + 12 + dataLength);
  return out;
}

/** Building and sending 20 MB takes a few seconds on a shared machine. */
const BIG_TIMEOUT = 60_000;

describe('dimensions stored with every upload', () => {
  it.each([
    ['JPEG', () => jpegWithMetadata(640, 480, null), 640, 480],
    ['JPEG turned a quarter by its Exif orientation (shown size)', () => jpegWithMetadata(640, 480, 6), 480, 640],
    ['PNG', () => pngWithMetadata(3, 2), 3, 2],
    ['WebP (VP8X)', () => webpWithMetadata(1200, 800), 1200, 800],
    ['GIF', () => gifWithMetadata(5, 7), 5, 7],
    ['AVIF', () => avifOf(4000, 3000), 4000, 3000],
  ])('%s: in the answer beside url and on the media row', async (_kind, make, width, height) => {
    const user = await createUser();
    const answer = await json<MediaUploadResponse>(await upload(user, await make()), 201);
    expect(answer).toEqual({ url: expect.stringMatching(/^\/media\//), width, height });
    expect(await rowOf(answer.url)).toEqual({ width, height });
  });

  it('an image whose header gives no size is stored with null dimensions', async () => {
    const user = await createUser();
    const noFrame = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0, 0xff, 0xd9]);
    const answer = await json<MediaUploadResponse>(await upload(user, noFrame), 201);
    expect(answer).toMatchObject({ width: null, height: null });
  });

  it('rows stored before dimensions were recorded get them on first use, from the stored object', async () => {
    const user = await createUser();
    const key = `${crypto.randomUUID().replaceAll('-', '')}.webp`;
    await env.MEDIA.put(key, webpWithMetadata(321, 123));
    await env.DB.prepare("INSERT INTO media (key, owner_id, content_type, size) VALUES (?, ?, 'image/webp', 1)").bind(key, user.id).run();
    expect(await rowOf(`/media/${key}`)).toEqual({ width: null, height: null });
    expect(await mediaDimensions(createDb(env.DB), env.MEDIA, key)).toEqual({ width: 321, height: 123 });
    expect(await rowOf(`/media/${key}`)).toEqual({ width: 321, height: 123 });
    expect(await mediaDimensions(createDb(env.DB), env.MEDIA, 'f'.repeat(32) + '.png')).toBeNull();
  });
});

describe('the 20 MB limit', () => {
  it('accepts an image of exactly 20 MB (over the old 5 MB), multipart framing included', async () => {
    const user = await createUser();
    const answer = await json<MediaUploadResponse>(await upload(user, await pngOfSize(MAX_IMAGE_BYTES)), 201);
    expect(answer).toMatchObject({ width: 1, height: 1 });
    expect((await env.MEDIA.head(answer.url.slice('/media/'.length)))!.size).toBe(MAX_IMAGE_BYTES);
  }, BIG_TIMEOUT);

  it('refuses an image over 20 MB with 413 and stores nothing', async () => {
    const user = await createUser();
    await expectError(await upload(user, await pngOfSize(MAX_IMAGE_BYTES + 1)), 413, 'payload_too_large');
    expect(await mediaRowsOf(user.id)).toBe(0);
  }, BIG_TIMEOUT);

  it('refuses an image whose structure is broken (a JPEG segment running past the end) with 415 and stores nothing', async () => {
    const user = await createUser();
    const broken = new Uint8Array([0xff, 0xd8, 0xff, 0xe1, 0x40, 0, 0x45, 0x78, 0x69, 0x66]);
    const body = await expectError(await upload(user, broken), 415, 'unsupported_media_type');
    expect(body.error.fields).toHaveProperty('file');
    expect(await mediaRowsOf(user.id)).toBe(0);
  });
});
