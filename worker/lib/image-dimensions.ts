// An image's width and height from its header, for every kind an upload may be. Works on the whole
// file or on its first bytes (null when they end before the size is written).
import { ascii, type ImageDimensions, u16be, u16le, u24le, u32be, u32le } from './image-bytes';
import { exifOrientation, jpegSegments } from './image-metadata-jpeg';
import type { SniffedImage } from './image-sniff';

const positive = (width: number, height: number): ImageDimensions | null => (width > 0 && height > 0 ? { width, height } : null);

/** SOF0–SOF15 save DHT (C4), JPG (C8) and DAC (CC): the frame header holding the size. */
const isStartOfFrame = (marker: number) => marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

/** Orientations 5–8 turn the picture a quarter: shown, its width is the stored height. */
function jpegDimensions(bytes: Uint8Array): ImageDimensions | null {
  const walked = jpegSegments(bytes);
  if (!walked) return null;
  let orientation: number | null = null;
  for (const segment of walked.segments) {
    orientation ??= exifOrientation(bytes, segment);
    if (isStartOfFrame(segment.marker)) {
      const height = u16be(bytes, segment.start + 5);
      const width = u16be(bytes, segment.start + 7);
      return orientation !== null && orientation >= 5 ? positive(height, width) : positive(width, height);
    }
  }
  return null;
}

function pngDimensions(bytes: Uint8Array): ImageDimensions | null {
  return bytes.length >= 24 && ascii(bytes, 12, 4) === 'IHDR' ? positive(u32be(bytes, 16), u32be(bytes, 20)) : null;
}

function gifDimensions(bytes: Uint8Array): ImageDimensions | null {
  return bytes.length >= 10 ? positive(u16le(bytes, 6), u16le(bytes, 8)) : null;
}

/** The first chunk (always at 12) says: VP8X (the canvas), VP8 (a lossy key frame) or VP8L (lossless). */
function webpDimensions(bytes: Uint8Array): ImageDimensions | null {
  const type = ascii(bytes, 12, 4);
  const data = 20;
  if (bytes.length < data + 10) return null;
  if (type === 'VP8X') return positive(u24le(bytes, data + 4) + 1, u24le(bytes, data + 7) + 1);
  if (type === 'VP8 ' && bytes[data + 3] === 0x9d && bytes[data + 4] === 0x01 && bytes[data + 5] === 0x2a) {
    return positive(u16le(bytes, data + 6) & 0x3fff, u16le(bytes, data + 8) & 0x3fff);
  }
  if (type === 'VP8L' && bytes[data] === 0x2f) {
    const bits = u32le(bytes, data + 1);
    return positive((bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1);
  }
  return null;
}

/**
 * AVIF keeps sizes in `ispe` properties (ISO-BMFF: size, "ispe", version/flags, width, height). A grid
 * image lists its tiles' sizes too; the largest is the picture's.
 */
function avifDimensions(bytes: Uint8Array): ImageDimensions | null {
  const meta = topLevelBox(bytes, 'meta');
  if (!meta) return null;
  let best: ImageDimensions | null = null;
  for (let at = bytes.indexOf(0x69, meta.start); at !== -1 && at + 16 <= meta.end; at = bytes.indexOf(0x69, at + 1)) {
    if (ascii(bytes, at, 4) !== 'ispe' || u32be(bytes, at - 4) !== 20) continue;
    const found = positive(u32be(bytes, at + 8), u32be(bytes, at + 12));
    if (found && (!best || found.width * found.height > best.width * best.height)) best = found;
  }
  return best;
}

/** The byte range of the first top-level ISO-BMFF box of `type` (within `bytes`), or null. */
function topLevelBox(bytes: Uint8Array, type: string): { start: number; end: number } | null {
  for (let pos = 0; pos + 8 <= bytes.length; ) {
    const size = u32be(bytes, pos);
    const end = size === 0 ? bytes.length : size === 1 ? pos + u32be(bytes, pos + 8) * 2 ** 32 + u32be(bytes, pos + 12) : pos + size;
    if (ascii(bytes, pos + 4, 4) === type) return { start: pos, end: Math.min(end, bytes.length) };
    if (end <= pos) return null;
    pos = end;
  }
  return null;
}

const READERS: Record<SniffedImage['extension'], (bytes: Uint8Array) => ImageDimensions | null> = {
  jpg: jpegDimensions,
  png: pngDimensions,
  gif: gifDimensions,
  webp: webpDimensions,
  avif: avifDimensions,
};

/** The image's shown width and height in pixels, or null when its header does not say (or is not in `bytes`). */
export function imageDimensions(kind: SniffedImage, bytes: Uint8Array): ImageDimensions | null {
  return READERS[kind.extension](bytes);
}
