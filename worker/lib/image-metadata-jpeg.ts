// JPEG at the byte level: its segments, and the same file without what can locate or identify a person
// (Exif, XMP, IPTC, comments, maker segments, data after the end marker). Nothing is re-encoded.
import { ascii, joinBytes, u16be, u32be, u16le, u32le } from './image-bytes';

export interface JpegSegment {
  marker: number;
  /** Offset of the segment's 0xFF (fill bytes before it skipped). */
  start: number;
  /** Offset after it; a scan (SOS) runs to the next marker, its entropy-coded data included. */
  end: number;
}

const SOS = 0xda;
const EOI = 0xd9;
const standalone = (marker: number) => marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7);

/** Offset of the marker ending the entropy-coded data that starts at `from` (0xFF00 is a stuffed byte, 0xFFD0–D7 restarts). */
function scanEnd(bytes: Uint8Array, from: number): number {
  for (let i = bytes.indexOf(0xff, from); i !== -1 && i + 1 < bytes.length; i = bytes.indexOf(0xff, i + 1)) {
    const next = bytes[i + 1] as number;
    if (next !== 0x00 && !(next >= 0xd0 && next <= 0xd7)) return i;
  }
  return bytes.length;
}

/**
 * The segments after SOI up to and including EOI. `truncated` when the bytes stop inside a segment's
 * header (a prefix read for dimensions); null when they are not a JPEG's segment structure.
 */
export function jpegSegments(bytes: Uint8Array): { segments: JpegSegment[]; truncated: boolean } | null {
  const segments: JpegSegment[] = [];
  let pos = 2;
  while (pos < bytes.length) {
    if (bytes[pos] !== 0xff) return null;
    while (bytes[pos + 1] === 0xff) pos++;
    if (pos + 1 >= bytes.length) return { segments, truncated: true };
    const marker = bytes[pos + 1] as number;
    if (marker === EOI || standalone(marker)) {
      segments.push({ marker, start: pos, end: pos + 2 });
      if (marker === EOI) return { segments, truncated: false };
      pos += 2;
      continue;
    }
    if (pos + 4 > bytes.length) return { segments, truncated: true };
    const length = u16be(bytes, pos + 2);
    if (length < 2) return null;
    const headerEnd = pos + 2 + length;
    if (headerEnd > bytes.length) return { segments, truncated: true };
    const end = marker === SOS ? scanEnd(bytes, headerEnd) : headerEnd;
    segments.push({ marker, start: pos, end });
    pos = end;
  }
  return { segments, truncated: true };
}

const EXIF_HEADER = 'Exif\0\0';
const ORIENTATION_TAG = 0x0112;

/** The Orientation (1–8) of an APP1 segment's Exif, or null (no Exif, no such tag, or unreadable). */
export function exifOrientation(bytes: Uint8Array, segment: JpegSegment): number | null {
  if (segment.marker !== 0xe1 || ascii(bytes, segment.start + 4, 6) !== EXIF_HEADER) return null;
  const tiff = segment.start + 10;
  const order = ascii(bytes, tiff, 2);
  if (order !== 'II' && order !== 'MM') return null;
  const u16 = order === 'II' ? u16le : u16be;
  const u32 = order === 'II' ? u32le : u32be;
  const ifd = tiff + u32(bytes, tiff + 4);
  const count = u16(bytes, ifd);
  for (let i = 0; i < count; i++) {
    const entry = ifd + 2 + i * 12;
    if (entry + 12 > segment.end) return null;
    if (u16(bytes, entry) === ORIENTATION_TAG) {
      const value = u16(bytes, entry + 8);
      return value >= 1 && value <= 8 ? value : null;
    }
  }
  return null;
}

/** An APP1 Exif segment holding only the Orientation tag (big-endian TIFF, one IFD entry, no next IFD). */
function orientationOnlyApp1(orientation: number): Uint8Array {
  const tiff = [0x4d, 0x4d, 0, 0x2a, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, orientation, 0, 0, 0, 0, 0, 0];
  const payload = [...new TextEncoder().encode(EXIF_HEADER), ...tiff];
  const length = payload.length + 2;
  return new Uint8Array([0xff, 0xe1, length >> 8, length & 0xff, ...payload]);
}

/** APPn segments kept: JFIF (APP0), the ICC colour profile (APP2) and Adobe's colour transform (APP14). */
function keptAppSegment(bytes: Uint8Array, segment: JpegSegment): boolean {
  const id = (text: string) => ascii(bytes, segment.start + 4, text.length) === text;
  if (segment.marker === 0xe0) return true;
  if (segment.marker === 0xe2) return id('ICC_PROFILE\0');
  if (segment.marker === 0xee) return id('Adobe');
  return false;
}

const isApp = (marker: number) => marker >= 0xe0 && marker <= 0xef;
const COM = 0xfe;

/**
 * The JPEG without Exif (save a rotated photo's Orientation, rewritten alone), XMP, IPTC, comments,
 * other APPn segments and anything after EOI; null when the bytes are not a well-formed JPEG.
 */
export function stripJpegMetadata(bytes: Uint8Array): Uint8Array | null {
  const walked = jpegSegments(bytes);
  if (!walked || walked.segments.length === 0) return null;
  const last = walked.segments.at(-1) as JpegSegment;
  if (walked.truncated && last.end !== bytes.length) return null; // stopped inside a segment header
  const parts: Uint8Array[] = [bytes.subarray(0, 2)];
  let orientationWritten = false;
  for (const segment of walked.segments) {
    if (segment.marker === COM) continue;
    if (isApp(segment.marker) && !keptAppSegment(bytes, segment)) {
      const orientation = exifOrientation(bytes, segment);
      if (orientation !== null && orientation !== 1 && !orientationWritten) {
        parts.push(orientationOnlyApp1(orientation));
        orientationWritten = true;
      }
      continue;
    }
    parts.push(bytes.subarray(segment.start, segment.end));
  }
  return joinBytes(parts);
}
