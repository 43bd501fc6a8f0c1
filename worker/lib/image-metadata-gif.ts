// GIF at the byte level: the same file without comment extensions and application extensions other
// than the looping one (NETSCAPE2.0 / ANIMEXTS1.0); XMP travels in an application extension.
import { ascii, joinBytes } from './image-bytes';

const HEADER_LENGTH = 13; // "GIF89a" and the logical screen descriptor
const TRAILER = 0x3b;
const LOOPING_APPLICATIONS = new Set(['NETSCAPE2.0', 'ANIMEXTS1.0']);

const colourTableLength = (flags: number) => (flags & 0x80 ? 3 * 2 ** ((flags & 0x07) + 1) : 0);

/** Offset after a run of data sub-blocks starting at `pos` (each a length byte and data, a 0 ends it); null past the end. */
function afterSubBlocks(bytes: Uint8Array, pos: number): number | null {
  while (pos < bytes.length) {
    const size = bytes[pos] as number;
    pos += 1 + size;
    if (size === 0) return pos;
  }
  return null;
}

/** Whether the extension at `pos` (0x21, its label, its blocks) is one that is dropped. */
function isMetadataExtension(bytes: Uint8Array, pos: number): boolean {
  const label = bytes[pos + 1];
  if (label === 0xfe) return true; // comment
  if (label === 0xff) return !(bytes[pos + 2] === 11 && LOOPING_APPLICATIONS.has(ascii(bytes, pos + 3, 11)));
  return false;
}

/** The GIF without comments and non-looping application extensions; null when the bytes are not a well-formed GIF. */
export function stripGifMetadata(bytes: Uint8Array): Uint8Array | null {
  if (bytes.length < HEADER_LENGTH) return null;
  let pos = HEADER_LENGTH + colourTableLength(bytes[10] as number);
  if (pos > bytes.length) return null;
  const parts: Uint8Array[] = [bytes.subarray(0, pos)];
  while (pos < bytes.length && bytes[pos] !== TRAILER) {
    const start = pos;
    let end: number | null;
    if (bytes[pos] === 0x21) end = afterSubBlocks(bytes, pos + 2);
    else if (bytes[pos] === 0x2c) {
      const afterDescriptor = pos + 10 + colourTableLength(bytes[pos + 9] ?? 0);
      end = afterSubBlocks(bytes, afterDescriptor + 1); // +1: the LZW minimum code size
    } else return null;
    if (end === null || end > bytes.length) return null;
    if (!(bytes[start] === 0x21 && isMetadataExtension(bytes, start))) parts.push(bytes.subarray(start, end));
    pos = end;
  }
  parts.push(new Uint8Array([TRAILER]));
  return joinBytes(parts);
}
