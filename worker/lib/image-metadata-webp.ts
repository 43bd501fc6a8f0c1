// WebP at the byte level: the RIFF file without its EXIF and XMP chunks, the VP8X flags naming them
// cleared and the RIFF size rewritten. Image chunks are copied as they are.
import { ascii, joinBytes, u32le } from './image-bytes';

const HEADER_LENGTH = 12; // "RIFF", size, "WEBP"
const METADATA_CHUNKS = new Set(['EXIF', 'XMP ']);
/** VP8X flag bits: Exif (0x08) and XMP (0x04) present. */
const VP8X_METADATA_FLAGS = 0x08 | 0x04;

/** Each chunk's FourCC and byte range (header, data, padding), within the RIFF size; null when one runs past it. */
export function webpChunks(bytes: Uint8Array): { type: string; start: number; end: number }[] | null {
  const riffEnd = Math.min(bytes.length, 8 + u32le(bytes, 4));
  const chunks: { type: string; start: number; end: number }[] = [];
  let pos = HEADER_LENGTH;
  while (pos + 8 <= riffEnd) {
    const size = u32le(bytes, pos + 4);
    const dataEnd = pos + 8 + size;
    if (dataEnd > riffEnd) return null;
    chunks.push({ type: ascii(bytes, pos, 4), start: pos, end: Math.min(dataEnd + (size & 1), riffEnd) });
    pos = dataEnd + (size & 1);
  }
  return chunks;
}

const le32 = (n: number) => new Uint8Array([n & 0xff, (n >>> 8) & 0xff, (n >>> 16) & 0xff, (n >>> 24) & 0xff]);

/** The WebP without EXIF and XMP chunks; null when the bytes are not a well-formed WebP. */
export function stripWebpMetadata(bytes: Uint8Array): Uint8Array | null {
  const chunks = webpChunks(bytes);
  if (!chunks || chunks.length === 0) return null;
  const kept = chunks.filter((c) => !METADATA_CHUNKS.has(c.type)).map((c) => {
    const chunk = bytes.slice(c.start, c.end);
    if (c.type === 'VP8X' && chunk.length > 8) chunk[8] = (chunk[8] as number) & ~VP8X_METADATA_FLAGS;
    return chunk;
  });
  const body = joinBytes([bytes.subarray(8, HEADER_LENGTH), ...kept]);
  return joinBytes([bytes.subarray(0, 4), le32(body.length), body]);
}
