// PNG at the byte level: the same file without its metadata chunks. Kept chunks are copied whole, so
// their CRCs stay right; nothing after IEND is kept.
import { ascii, joinBytes, u32be } from './image-bytes';

const SIGNATURE_LENGTH = 8;
/** Exif (eXIf) and the text chunks, where XMP (iTXt "XML:com.adobe.xmp"), authors and places are written. */
const METADATA_CHUNKS = new Set(['eXIf', 'tEXt', 'zTXt', 'iTXt']);

/** Each chunk's type and byte range (length, type, data and CRC); null when a chunk runs past the end or IEND is missing. */
export function pngChunks(bytes: Uint8Array): { type: string; start: number; end: number }[] | null {
  const chunks: { type: string; start: number; end: number }[] = [];
  let pos = SIGNATURE_LENGTH;
  while (pos + 12 <= bytes.length) {
    const end = pos + 12 + u32be(bytes, pos);
    if (end > bytes.length) return null;
    const type = ascii(bytes, pos + 4, 4);
    chunks.push({ type, start: pos, end });
    if (type === 'IEND') return chunks;
    pos = end;
  }
  return null;
}

/** The PNG without eXIf, tEXt, zTXt and iTXt chunks; null when the bytes are not a well-formed PNG. */
export function stripPngMetadata(bytes: Uint8Array): Uint8Array | null {
  const chunks = pngChunks(bytes);
  if (!chunks || chunks[0]?.type !== 'IHDR') return null;
  const kept = chunks.filter((c) => !METADATA_CHUNKS.has(c.type)).map((c) => bytes.subarray(c.start, c.end));
  return joinBytes([bytes.subarray(0, SIGNATURE_LENGTH), ...kept]);
}
