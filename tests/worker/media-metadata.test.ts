// Uploads are stored without what can locate or identify a person (product.md §16, decision 062):
// Exif (GPS, serial), XMP, IPTC and comments go, the image data and a JPEG's orientation stay.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { MediaUploadResponse } from '../../contracts/media';
import { exifOrientation, jpegSegments } from '../../worker/lib/image-metadata-jpeg';
import { call } from './helpers';
import { createUser, json, type TestUser } from './factories';
import { avifWithMetadata, GPS_RATIONALS, gifWithMetadata, includes, jpegMetaSegments, jpegWithMetadata, pngChunkList, pngWithMetadata, SECRETS, webpChunkList, webpWithMetadata } from './media-kit';
import { crc32 } from './png-kit';

async function uploadAndReadBack(user: TestUser, bytes: Uint8Array): Promise<{ answer: MediaUploadResponse; stored: Uint8Array }> {
  const form = new FormData();
  form.append('file', new Blob([bytes as BlobPart]), 'photo');
  const answer = await json<MediaUploadResponse>(await call('/api/media', { method: 'POST', body: form, cookie: user.cookie, ip: user.ip }), 201);
  const object = await env.MEDIA.get(answer.url.slice('/media/'.length));
  return { answer, stored: new Uint8Array(await object!.arrayBuffer()) };
}

function expectNoSecrets(stored: Uint8Array) {
  for (const secret of Object.values(SECRETS)) expect(includes(stored, secret), secret).toBe(false);
  expect(includes(stored, GPS_RATIONALS)).toBe(false);
}

describe('metadata stripped before storing', () => {
  it('a JPEG with GPS, serial and make Exif, XMP, IPTC, a comment and trailing data: none of it stored, orientation kept alone, image data intact', async () => {
    const user = await createUser();
    const original = jpegWithMetadata(40, 30, 6);
    expect(includes(original, GPS_RATIONALS) && includes(original, SECRETS.serial)).toBe(true);
    const { stored } = await uploadAndReadBack(user, original);
    expectNoSecrets(stored);
    const meta = jpegMetaSegments(stored);
    expect(meta.map((s) => s.marker)).toEqual([0xe0, 0xe1]); // JFIF, then the orientation-only Exif
    expect(meta[1]!.payload.length).toBe(32); // "Exif\0\0", a TIFF header, one IFD entry
    const walked = jpegSegments(stored)!;
    const app1 = walked.segments.find((s) => s.marker === 0xe1)!;
    expect(exifOrientation(stored, app1)).toBe(6);
    expect(walked.truncated).toBe(false);
    const scanAt = (b: Uint8Array) => b.findIndex((v, i) => v === 0xff && b[i + 1] === 0xdb);
    expect(stored.subarray(scanAt(stored))).toEqual(original.subarray(scanAt(original), original.length - SECRETS.trailer.length));
  });

  it('a JPEG without an orientation keeps no Exif at all', async () => {
    const user = await createUser();
    const { stored } = await uploadAndReadBack(user, jpegWithMetadata(40, 30, null));
    expectNoSecrets(stored);
    expect(jpegMetaSegments(stored).map((s) => s.marker)).toEqual([0xe0]);
  });

  it('a PNG with tEXt, iTXt (XMP), zTXt and eXIf: none stored, still a valid PNG with every CRC right and the image data as sent', async () => {
    const user = await createUser();
    const original = await pngWithMetadata(3, 2);
    const { stored } = await uploadAndReadBack(user, original);
    expectNoSecrets(stored);
    const chunks = pngChunkList(stored);
    expect(chunks.map((c) => c.type)).toEqual(['IHDR', 'IDAT', 'IEND']);
    for (const c of chunks) expect(crc32(new Uint8Array([...new TextEncoder().encode(c.type), ...c.data]))).toBe(c.crc);
    expect(chunks[1]!.data).toEqual(pngChunkList(original).find((c) => c.type === 'IDAT')!.data);
  });

  it('a WebP with EXIF and XMP chunks: none stored, VP8X flags cleared, RIFF size right', async () => {
    const user = await createUser();
    const original = webpWithMetadata(40, 30);
    const { stored } = await uploadAndReadBack(user, original);
    expectNoSecrets(stored);
    const view = new DataView(stored.buffer, stored.byteOffset, stored.byteLength);
    expect(view.getUint32(4, true)).toBe(stored.length - 8);
    const chunks = webpChunkList(stored);
    expect(chunks.map((c) => c.type)).toEqual(['VP8X', 'VP8L']);
    expect(chunks[0]!.data[0]! & 0x0c).toBe(0);
    expect(chunks[1]!.data).toEqual(webpChunkList(original)[1]!.data);
  });

  it('a GIF with a comment and an XMP application extension: both dropped, the looping extension and the frame kept', async () => {
    const user = await createUser();
    const original = gifWithMetadata(5, 7);
    const { stored } = await uploadAndReadBack(user, original);
    expectNoSecrets(stored);
    expect(includes(stored, 'NETSCAPE2.0')).toBe(true);
    expect(includes(stored, 'XMP DataXMP')).toBe(false);
    expect(stored.length).toBe(original.length - (2 + 1 + 11 + 1 + SECRETS.xmp.length + 1) - (2 + 1 + SECRETS.comment.length + 1));
    expect(stored.at(-1)).toBe(0x3b);
  });

  it('imports go through the same stripping: an export image with GPS is stored without it', async () => {
    const admin = await createUser({ role: 0 });
    const key = `${crypto.randomUUID().replaceAll('-', '')}.jpg`;
    const form = new FormData();
    form.set('key', key);
    form.set('owner', 'nobody-here');
    form.set('file', new Blob([jpegWithMetadata(40, 30, 3) as BlobPart]), key);
    expect((await call('/api/admin/import/media-file', { method: 'POST', body: form, cookie: admin.cookie, ip: admin.ip })).status).toBe(201);
    const stored = new Uint8Array(await (await env.MEDIA.get(key))!.arrayBuffer());
    expectNoSecrets(stored);
    const row = await env.DB.prepare('SELECT width, height, size FROM media WHERE key = ?').bind(key).first();
    expect(row).toEqual({ width: 40, height: 30, size: stored.length });
  });
});

describe('AVIF metadata items', () => {
  it('an AVIF with Exif (GPS, serial) and XMP items: their bytes are zeroed in place, the picture item and every offset unchanged', async () => {
    const user = await createUser();
    const { avif, picture } = avifWithMetadata(4000, 3000);
    expect(includes(avif, SECRETS.serial) && includes(avif, SECRETS.xmp)).toBe(true);
    const { answer, stored } = await uploadAndReadBack(user, avif);
    expectNoSecrets(stored);
    expect(stored.length).toBe(avif.length);
    expect(includes(stored, picture)).toBe(true);
    expect(includes(stored, 'application/rdf+xml')).toBe(true); // the item stays listed, empty
    expect(answer).toMatchObject({ width: 4000, height: 3000 });
  });
});
