// AVIF (ISO-BMFF) at the byte level: the bytes of its Exif and XMP items are overwritten with zeros in
// place, so no box size or item offset changes and the picture's items are untouched. The items stay
// listed, now empty of anything (decision 062 says why this and not removal).
import { ascii, u16be, u32be } from './image-bytes';

interface Box {
  type: string;
  start: number;
  /** Where the box's content starts (after size, type and, for a full box, version and flags). */
  content: number;
  end: number;
}

/** The boxes laid side by side in [from, to); null when one's size runs past `to` or is too small. */
function boxesIn(bytes: Uint8Array, from: number, to: number): Box[] | null {
  const boxes: Box[] = [];
  for (let pos = from; pos + 8 <= to; ) {
    const size = u32be(bytes, pos);
    const header = size === 1 ? 16 : 8;
    const end = size === 0 ? to : size === 1 ? pos + u32be(bytes, pos + 8) * 2 ** 32 + u32be(bytes, pos + 12) : pos + size;
    if (end > to || end < pos + header) return null;
    boxes.push({ type: ascii(bytes, pos + 4, 4), start: pos, content: pos + header, end });
    pos = end;
  }
  return boxes;
}

const readSized = (bytes: Uint8Array, at: number, size: number): number =>
  size === 0 ? 0 : size === 2 ? u16be(bytes, at) : size === 4 ? u32be(bytes, at) : u32be(bytes, at) * 2 ** 32 + u32be(bytes, at + 4);

/** IDs of the items typed Exif, or XMP (a `mime` item of application/rdf+xml), from `iinf`'s `infe` boxes (version 2 or 3). */
function metadataItemIds(bytes: Uint8Array, iinf: Box): Set<number> | null {
  const version = bytes[iinf.content] as number;
  const first = iinf.content + 4 + (version === 0 ? 2 : 4);
  const entries = boxesIn(bytes, first, iinf.end);
  if (!entries) return null;
  const ids = new Set<number>();
  for (const infe of entries.filter((b) => b.type === 'infe')) {
    const v = bytes[infe.content] as number;
    if (v < 2) continue;
    const at = infe.content + 4;
    const id = v === 2 ? u16be(bytes, at) : u32be(bytes, at);
    const typeAt = at + (v === 2 ? 2 : 4) + 2;
    const type = ascii(bytes, typeAt, 4);
    const nameEnd = bytes.indexOf(0, typeAt + 4); // item_name, then a mime item's content_type
    const mime = type === 'mime' && nameEnd !== -1 ? ascii(bytes, nameEnd + 1, Math.min(64, infe.end - nameEnd - 1)) : '';
    if (type === 'Exif' || mime.startsWith('application/rdf+xml')) ids.add(id);
  }
  return ids;
}

/** The byte ranges of `ids`' extents from `iloc` (file offsets, or offsets into `idat` for construction method 1). */
function itemRanges(bytes: Uint8Array, iloc: Box, ids: Set<number>, idat: Box | undefined): [number, number][] | null {
  const version = bytes[iloc.content] as number;
  let at = iloc.content + 4;
  const offsetSize = (bytes[at] as number) >> 4;
  const lengthSize = (bytes[at] as number) & 15;
  const baseSize = (bytes[at + 1] as number) >> 4;
  const indexSize = version > 0 ? (bytes[at + 1] as number) & 15 : 0;
  at += 2;
  const count = version < 2 ? u16be(bytes, at) : u32be(bytes, at);
  at += version < 2 ? 2 : 4;
  const ranges: [number, number][] = [];
  for (let i = 0; i < count; i++) {
    if (at > iloc.end) return null;
    const id = version < 2 ? u16be(bytes, at) : u32be(bytes, at);
    at += version < 2 ? 2 : 4;
    const method = version > 0 ? u16be(bytes, at) & 15 : 0;
    at += (version > 0 ? 2 : 0) + 2; // construction method, data reference index
    const base = readSized(bytes, at, baseSize);
    at += baseSize;
    const extents = u16be(bytes, at);
    at += 2;
    for (let e = 0; e < extents; e++) {
      at += indexSize;
      const offset = readSized(bytes, at, offsetSize);
      const length = readSized(bytes, at + offsetSize, lengthSize);
      at += offsetSize + lengthSize;
      if (!ids.has(id)) continue;
      if (method === 0) ranges.push([base + offset, base + offset + length]);
      else if (method === 1 && idat) ranges.push([idat.content + base + offset, idat.content + base + offset + length]);
      else return null;
    }
  }
  return at <= iloc.end ? ranges : null;
}

/** The AVIF with its Exif and XMP items' bytes zeroed; null when its boxes are not well formed. */
export function stripAvifMetadata(bytes: Uint8Array): Uint8Array | null {
  const top = boxesIn(bytes, 0, bytes.length);
  if (!top) return null;
  const meta = top.find((b) => b.type === 'meta');
  if (!meta) return bytes; // no items, so no metadata items
  const children = boxesIn(bytes, meta.content + 4, meta.end);
  if (!children) return null;
  const iinf = children.find((b) => b.type === 'iinf');
  const iloc = children.find((b) => b.type === 'iloc');
  if (!iinf || !iloc) return bytes;
  const ids = metadataItemIds(bytes, iinf);
  if (!ids) return null;
  if (ids.size === 0) return bytes;
  const ranges = itemRanges(bytes, iloc, ids, children.find((b) => b.type === 'idat'));
  if (!ranges || ranges.some(([from, to]) => to > bytes.length || from < 0)) return null;
  const out = bytes.slice();
  for (const [from, to] of ranges) out.fill(0, from, to);
  return out;
}
