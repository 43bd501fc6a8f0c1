// Images an import brings: copied from the old site's addresses (once per address, never from a private
// or local host, at most MAX_IMAGE_BYTES, only what its bytes show is an image), or stored from a Byline
// export under their own keys. Both are stripped of metadata and measured like an upload (prepareImage);
// each image's object and its media row are written together or not at all.
import { concatBytes, type ImportImageOutcome } from '../../contracts/import';
import { MAX_IMAGE_BYTES, MAX_IMAGE_TEXT } from '../../contracts/limits';
import type { Db, SessionUser } from '../env';
import { findImportedMedia, mediaKeyExists, recordImportedMedia, userIdByUsername } from '../queries/import';
import { prepareImage, putImageWithRow, randomKeyBase, type MediaBucket } from './media-store';

const PRIVATE_V4 = [/^0\./, /^10\./, /^127\./, /^169\.254\./, /^172\.(1[6-9]|2\d|3[01])\./, /^192\.168\./, /^100\.(6[4-9]|[7-9]\d|1[01]\d|12[0-7])\./, /^22[4-9]\.|^2[3-5]\d\./];

/** A host the Worker must not fetch from: loopback, private, link-local, multicast, local names. */
export function isPrivateHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.local') || host.endsWith('.internal') || !host.includes('.') && !host.includes(':')) return true;
  if (/^\d+\.\d+\.\d+\.\d+$/.test(host)) return PRIVATE_V4.some((r) => r.test(host));
  if (host.includes(':')) return host === '::' || host === '::1' || /^(fc|fd|fe8|fe9|fea|feb|ff)/.test(host) || host.startsWith('::ffff:');
  return false;
}

async function readCapped(res: Response, max: number): Promise<Uint8Array | null> {
  const declared = Number(res.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > max) return null;
  if (!res.body) return new Uint8Array();
  const reader = res.body.getReader();
  const parts: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel();
      return null;
    }
    parts.push(value);
  }
  return concatBytes(parts, size);
}

/**
 * Copies the image at `url` into media (once per address: a second import finds it in import_media).
 * http(s) only, never a private or local host, at most MAX_IMAGE_BYTES, and only what its bytes show is an image.
 */
export async function copyImage(db: Db, bucket: MediaBucket, owner: SessionUser, url: string): Promise<ImportImageOutcome> {
  const known = await findImportedMedia(db, url);
  if (known) return { url, ok: true, src: `/media/${known}`, copied: false };
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return { url, ok: false, why: 'not an address' };
  }
  if (target.protocol !== 'https:' && target.protocol !== 'http:') return { url, ok: false, why: 'not an http(s) address' };
  if (isPrivateHost(target.hostname)) return { url, ok: false, why: 'a private or local address' };
  let res: Response;
  try {
    res = await fetch(target, { redirect: 'follow', signal: AbortSignal.timeout(10_000), headers: { accept: 'image/*' } });
  } catch {
    return { url, ok: false, why: 'unreachable' };
  }
  if (res.url && isPrivateHost(new URL(res.url).hostname)) return { url, ok: false, why: 'redirected to a private or local address' };
  if (!res.ok) {
    await res.body?.cancel();
    return { url, ok: false, why: `HTTP ${res.status}` };
  }
  const bytes = await readCapped(res, MAX_IMAGE_BYTES);
  if (!bytes) return { url, ok: false, why: `larger than ${MAX_IMAGE_TEXT}` };
  const image = prepareImage(bytes);
  if (!image) return { url, ok: false, why: 'not a JPEG, PNG, WebP, GIF or AVIF image' };
  const key = `${randomKeyBase()}.${image.kind.extension}`;
  try {
    await putImageWithRow(bucket, key, owner.id, image, (row) => recordImportedMedia(db, row, url));
  } catch (err) {
    // Another import copied the same address meanwhile: use that copy.
    const raced = await findImportedMedia(db, url);
    if (raced) return { url, ok: true, src: `/media/${raced}`, copied: false };
    throw err;
  }
  return { url, ok: true, src: `/media/${key}`, copied: true };
}

/**
 * Stores an image of a Byline export under its own key (so bodies and covers need no rewriting), owned
 * by `owner` if that account exists. Answers whether it was new; null when its bytes are not the image
 * its key names.
 */
export async function storeExportImage(
  db: Db,
  bucket: MediaBucket,
  admin: SessionUser,
  file: { key: string; owner: string; bytes: Uint8Array },
): Promise<{ copied: boolean } | null> {
  if (await mediaKeyExists(db, file.key)) return { copied: false };
  const image = prepareImage(file.bytes);
  if (!image || !file.key.endsWith(`.${image.kind.extension}`)) return null;
  const ownerId = (await userIdByUsername(db, file.owner)) ?? admin.id;
  await putImageWithRow(bucket, file.key, ownerId, image, (row) => recordImportedMedia(db, row, null));
  return { copied: true };
}

