// Image files carrying identifying metadata, built byte by byte, and readers for what a stripped file keeps.
import { chunk, pngOf, PNG_SIGNATURE } from './png-kit';

export const SECRETS = {
  serial: 'CAMSERIAL0042',
  make: 'ACMECAM',
  xmp: '<exif:GPSLatitude>52,31.2N</exif:GPSLatitude>',
  iptc: 'IPTC-BYLINE-JANE',
  comment: 'shot by Jane at home',
  trailer: 'MOTION-PHOTO-GPS',
};
/** GPSLatitude 52/1 31/1 1234/100 as big-endian rationals: the bytes of a position. */
export const GPS_RATIONALS = [0, 0, 0, 52, 0, 0, 0, 1, 0, 0, 0, 31, 0, 0, 0, 1, 0, 0, 4, 0xd2, 0, 0, 0, 100];

const text = (s: string) => [...new TextEncoder().encode(s)];
const u16 = (n: number) => [(n >> 8) & 255, n & 255];
const u32 = (n: number) => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
const le16 = (n: number) => [n & 255, (n >> 8) & 255];
const le32 = (n: number) => [n & 255, (n >>> 8) & 255, (n >>> 16) & 255, (n >>> 24) & 255];
const segment = (marker: number, payload: number[]) => [0xff, marker, ...u16(payload.length + 2), ...payload];

export const includes = (haystack: Uint8Array, needle: number[] | string): boolean => {
  const n = typeof needle === 'string' ? text(needle) : needle;
  outer: for (let i = 0; i + n.length <= haystack.length; i++) {
    for (let j = 0; j < n.length; j++) if (haystack[i + j] !== n[j]) continue outer;
    return true;
  }
  return false;
};

/** A big-endian TIFF: IFD0 with Make, Orientation (when given), a serial and a GPS IFD pointer; the GPS IFD with a latitude. */
function exifTiff(orientation: number | null): number[] {
  const make = [...text(SECRETS.make), 0];
  const serial = [...text(SECRETS.serial), 0];
  const entries = orientation === null ? 3 : 4;
  const ifd0End = 8 + 2 + entries * 12 + 4;
  const makeAt = ifd0End;
  const serialAt = makeAt + make.length;
  const gpsAt = serialAt + serial.length;
  const gpsEnd = gpsAt + 2 + 2 * 12 + 4;
  const entry = (tag: number, type: number, count: number, value: number[]) => [...u16(tag), ...u16(type), ...u32(count), ...value];
  return [
    0x4d, 0x4d, 0, 0x2a, ...u32(8),
    ...u16(entries),
    ...entry(0x010f, 2, make.length, u32(makeAt)),
    ...(orientation === null ? [] : entry(0x0112, 3, 1, [...u16(orientation), 0, 0])),
    ...entry(0x8825, 4, 1, u32(gpsAt)),
    ...entry(0xa431, 2, serial.length, u32(serialAt)),
    ...u32(0),
    ...make, ...serial,
    ...u16(2),
    ...entry(0x0001, 2, 2, [...text('N'), 0, 0, 0]),
    ...entry(0x0002, 5, 3, u32(gpsEnd)),
    ...u32(0),
    ...GPS_RATIONALS,
  ];
}

/** A baseline JPEG of `width`×`height` (SOF0) with Exif (GPS, serial, make), XMP, IPTC, a comment and data after EOI. */
export function jpegWithMetadata(width: number, height: number, orientation: number | null): Uint8Array {
  return new Uint8Array([
    0xff, 0xd8,
    ...segment(0xe0, [...text('JFIF'), 0, 1, 1, 0, 0, 1, 0, 1, 0, 0]),
    ...segment(0xe1, [...text('Exif'), 0, 0, ...exifTiff(orientation)]),
    ...segment(0xe1, [...text('http://ns.adobe.com/xap/1.0/'), 0, ...text(`<x:xmpmeta>${SECRETS.xmp}</x:xmpmeta>`)]),
    ...segment(0xed, [...text('Photoshop 3.0'), 0, ...text('8BIM'), 4, 4, 0, 0, ...text(SECRETS.iptc)]),
    ...segment(0xfe, text(SECRETS.comment)),
    ...segment(0xdb, [0, ...Array.from({ length: 64 }, () => 1)]),
    ...segment(0xc0, [8, ...u16(height), ...u16(width), 1, 1, 0x11, 0]),
    ...segment(0xc4, [0, ...Array.from({ length: 16 }, (_, i) => (i === 0 ? 1 : 0)), 0]),
    ...segment(0xda, [1, 1, 0, 0, 63, 0]),
    0x12, 0xff, 0x00, 0x34, 0xff, 0xd0, 0x56,
    0xff, 0xd9,
    ...text(SECRETS.trailer),
  ]);
}

/** The payloads of a JPEG's APPn and COM segments, by marker, up to its first scan. */
export function jpegMetaSegments(jpeg: Uint8Array): { marker: number; payload: Uint8Array }[] {
  const out: { marker: number; payload: Uint8Array }[] = [];
  for (let pos = 2; pos + 4 <= jpeg.length && jpeg[pos + 1] !== 0xda; ) {
    const length = ((jpeg[pos + 2] as number) << 8) | (jpeg[pos + 3] as number);
    const marker = jpeg[pos + 1] as number;
    if ((marker >= 0xe0 && marker <= 0xef) || marker === 0xfe) out.push({ marker, payload: jpeg.slice(pos + 4, pos + 2 + length) });
    pos += 2 + length;
  }
  return out;
}

/** A `width`×`height` PNG with tEXt (author), iTXt (XMP) and eXIf (a serial and GPS) chunks before its image data. */
export async function pngWithMetadata(width: number, height: number): Promise<Uint8Array> {
  const plain = await pngOf(width, height, new Uint8Array(height * (1 + width * 4)));
  const ihdrEnd = 8 + 25;
  return new Uint8Array([
    ...plain.subarray(0, ihdrEnd),
    ...chunk('tEXt', new Uint8Array([...text('Author'), 0, ...text(SECRETS.comment)])),
    ...chunk('iTXt', new Uint8Array([...text('XML:com.adobe.xmp'), 0, 0, 0, 0, 0, ...text(SECRETS.xmp)])),
    ...chunk('eXIf', new Uint8Array(exifTiff(6))),
    ...chunk('zTXt', new Uint8Array([...text('Comment'), 0, 0, 0x78, 0x9c, 3, 0])),
    ...plain.subarray(ihdrEnd),
  ]);
}

/** A PNG's chunks (type, data, stored CRC), or throws when its structure is broken. */
export function pngChunkList(png: Uint8Array): { type: string; data: Uint8Array; crc: number }[] {
  if (!PNG_SIGNATURE.every((b, i) => png[i] === b)) throw new Error('no PNG signature');
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  const chunks: { type: string; data: Uint8Array; crc: number }[] = [];
  for (let pos = 8; pos < png.length; ) {
    const length = view.getUint32(pos);
    if (pos + 12 + length > png.length) throw new Error('chunk runs past the end');
    chunks.push({ type: String.fromCharCode(...png.subarray(pos + 4, pos + 8)), data: png.slice(pos + 8, pos + 8 + length), crc: view.getUint32(pos + 8 + length) });
    pos += 12 + length;
  }
  return chunks;
}

const riffChunk = (type: string, data: number[]) => [...text(type), ...le32(data.length), ...data, ...(data.length % 2 ? [0] : [])];

/** A lossless `width`×`height` WebP in a VP8X container flagged as carrying EXIF (a serial) and XMP. */
export function webpWithMetadata(width: number, height: number): Uint8Array {
  const bits = (width - 1) | ((height - 1) << 14);
  const body = [
    ...text('WEBP'),
    ...riffChunk('VP8X', [0x0c, 0, 0, 0, ...le32(width - 1).slice(0, 3), ...le32(height - 1).slice(0, 3)]),
    ...riffChunk('VP8L', [0x2f, ...le32(bits), 0, 0, 0, 0, 0, 0, 0, 0]),
    ...riffChunk('EXIF', [...exifTiff(1), 7]), // odd length: padded
    ...riffChunk('XMP ', text(`<x:xmpmeta>${SECRETS.xmp}</x:xmpmeta>`)),
  ];
  return new Uint8Array([...text('RIFF'), ...le32(body.length), ...body]);
}

/** A WebP's chunks after "WEBP" (FourCC and data), or throws when a chunk runs past the RIFF size. */
export function webpChunkList(webp: Uint8Array): { type: string; data: Uint8Array }[] {
  const view = new DataView(webp.buffer, webp.byteOffset, webp.byteLength);
  const end = 8 + view.getUint32(4, true);
  const chunks: { type: string; data: Uint8Array }[] = [];
  for (let pos = 12; pos < end; ) {
    const size = view.getUint32(pos + 4, true);
    if (pos + 8 + size > end) throw new Error('chunk runs past the RIFF size');
    chunks.push({ type: String.fromCharCode(...webp.subarray(pos, pos + 4)), data: webp.slice(pos + 8, pos + 8 + size) });
    pos += 8 + size + (size % 2);
  }
  return chunks;
}

/** A `width`×`height` GIF with a looping extension (kept), an XMP application extension and a comment. */
export function gifWithMetadata(width: number, height: number): Uint8Array {
  return new Uint8Array([
    ...text('GIF89a'), ...le16(width), ...le16(height), 0, 0, 0,
    0x21, 0xff, 11, ...text('NETSCAPE2.0'), 3, 1, 0, 0, 0,
    0x21, 0xff, 11, ...text('XMP DataXMP'), SECRETS.xmp.length, ...text(SECRETS.xmp), 0,
    0x21, 0xfe, SECRETS.comment.length, ...text(SECRETS.comment), 0,
    0x2c, 0, 0, 0, 0, ...le16(width), ...le16(height), 0, 2, 2, 0x4c, 0x01, 0,
    0x3b,
  ]);
}

/** An AVIF's boxes as far as its size goes: ftyp, and meta holding an `ispe` of `width`×`height`. */
export function avifOf(width: number, height: number): Uint8Array {
  const ispe = [...u32(20), ...text('ispe'), 0, 0, 0, 0, ...u32(width), ...u32(height)];
  const meta = [...u32(12 + ispe.length), ...text('meta'), 0, 0, 0, 0, ...ispe];
  return new Uint8Array([...u32(28), ...text('ftypavif'), 0, 0, 0, 0, ...text('avifmif1miaf'), ...meta]);
}

/**
 * A `width`×`height` AVIF whose meta lists an av01 item, an Exif item (a serial and GPS) and an XMP item
 * (mime application/rdf+xml), all three stored in mdat at the offsets iloc gives.
 */
export function avifWithMetadata(width: number, height: number): { avif: Uint8Array; picture: number[] } {
  const box = (type: string, body: number[]) => [...u32(8 + body.length), ...text(type), ...body];
  const full = (type: string, body: number[]) => box(type, [0, 0, 0, 0, ...body]);
  const infe = (id: number, type: string, extra: number[] = []) => box('infe', [2, 0, 0, 0, ...u16(id), 0, 0, ...text(type), 0, ...extra]);
  const picture = [0x12, 0, 0x0a, 0x0a, 0x34, 0x56, 0x78];
  const exif = [0, 0, 0, 0, ...exifTiff(1)];
  const xmp = text(`<x:xmpmeta>${SECRETS.xmp}</x:xmpmeta>`);
  const ftyp = box('ftyp', [...text('avif'), 0, 0, 0, 0, ...text('avifmif1miaf')]);
  const build = (mdatAt: number) => {
    const iloc = full('iloc', [0x44, 0x00, ...u16(3), ...[[1, 0, picture.length], [2, picture.length, exif.length], [3, picture.length + exif.length, xmp.length]].flatMap(([id, off, len]) => [...u16(id as number), 0, 0, 0, 1, ...u32(mdatAt + 8 + (off as number)), ...u32(len as number)])]);
    const iinf = full('iinf', [...u16(3), ...infe(1, 'av01'), ...infe(2, 'Exif'), ...infe(3, 'mime', [...text('application/rdf+xml'), 0])]);
    const iprp = box('iprp', box('ipco', full('ispe', [...u32(width), ...u32(height)])));
    return full('meta', [...full('hdlr', [0, 0, 0, 0, ...text('pict'), ...Array.from({ length: 13 }, () => 0)]), ...iinf, ...iloc, ...iprp]);
  };
  const metaLength = build(0).length;
  const meta = build(ftyp.length + metaLength);
  return { avif: new Uint8Array([...ftyp, ...meta, ...box('mdat', [...picture, ...exif, ...xmp])]), picture };
}
