// What an upload really is, from its first bytes (magic numbers); the declared type and name are ignored.
export interface SniffedImage {
  contentType: 'image/jpeg' | 'image/png' | 'image/webp' | 'image/gif' | 'image/avif';
  extension: 'jpg' | 'png' | 'webp' | 'gif' | 'avif';
}

/** How many leading bytes sniffImage needs to decide. */
export const SNIFF_BYTES = 64;

const ascii = (bytes: Uint8Array, start: number, length: number): string =>
  String.fromCharCode(...bytes.subarray(start, start + length));

const startsWith = (bytes: Uint8Array, magic: number[], offset = 0): boolean =>
  bytes.length >= offset + magic.length && magic.every((b, i) => bytes[offset + i] === b);

/** AVIF is an ISO-BMFF file whose leading `ftyp` box names `avif` or `avis` as major or compatible brand. */
function isAvif(bytes: Uint8Array): boolean {
  if (bytes.length < 16 || ascii(bytes, 4, 4) !== 'ftyp') return false;
  const boxSize = ((bytes[0] ?? 0) << 24) | ((bytes[1] ?? 0) << 16) | ((bytes[2] ?? 0) << 8) | (bytes[3] ?? 0);
  if (boxSize < 16) return false;
  const end = Math.min(boxSize, bytes.length);
  const brands = [ascii(bytes, 8, 4)];
  for (let at = 16; at + 4 <= end; at += 4) brands.push(ascii(bytes, at, 4));
  return brands.some((b) => b === 'avif' || b === 'avis');
}

export function sniffImage(bytes: Uint8Array): SniffedImage | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { contentType: 'image/jpeg', extension: 'jpg' };
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { contentType: 'image/png', extension: 'png' };
  if (bytes.length >= 6 && (ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a')) {
    return { contentType: 'image/gif', extension: 'gif' };
  }
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP') {
    return { contentType: 'image/webp', extension: 'webp' };
  }
  if (isAvif(bytes)) return { contentType: 'image/avif', extension: 'avif' };
  return null;
}

const TYPE_BY_EXTENSION: Record<SniffedImage['extension'], SniffedImage['contentType']> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  avif: 'image/avif',
};

/** Media keys are 32 hex characters and the sniffed extension; anything else is not ours. */
const MEDIA_KEY_PATTERN = /^[0-9a-f]{32}\.(jpg|png|webp|gif|avif)$/;

export function contentTypeOfKey(key: string): SniffedImage['contentType'] | null {
  const m = MEDIA_KEY_PATTERN.exec(key);
  return m ? TYPE_BY_EXTENSION[m[1] as SniffedImage['extension']] : null;
}
