// An ICO file around PNG images: the container /favicon.ico needs, which no image service writes. An ICO
// may hold PNG data as it is (since Windows Vista; every browser reads it), so no pixel is re-encoded.

const HEADER_BYTES = 6;
const ENTRY_BYTES = 16;
/** ICO stores a width or height of 256 (its largest) as 0. */
const icoDimension = (pixels: number): number => (pixels >= 256 ? 0 : pixels);

/** An ICO holding each `png` (a square image of `size` pixels), smallest first as Windows expects. */
export function icoOfPngs(images: readonly { size: number; png: Uint8Array }[]): Uint8Array<ArrayBuffer> {
  const sorted = [...images].sort((a, b) => a.size - b.size);
  const total = HEADER_BYTES + sorted.length * ENTRY_BYTES + sorted.reduce((sum, i) => sum + i.png.byteLength, 0);
  const bytes = new Uint8Array(total);
  const view = new DataView(bytes.buffer);
  view.setUint16(0, 0, true); // reserved
  view.setUint16(2, 1, true); // type 1: icon
  view.setUint16(4, sorted.length, true);
  let offset = HEADER_BYTES + sorted.length * ENTRY_BYTES;
  sorted.forEach(({ size, png }, index) => {
    const entry = HEADER_BYTES + index * ENTRY_BYTES;
    view.setUint8(entry, icoDimension(size));
    view.setUint8(entry + 1, icoDimension(size));
    view.setUint8(entry + 2, 0); // no palette
    view.setUint8(entry + 3, 0); // reserved
    view.setUint16(entry + 4, 1, true); // colour planes
    view.setUint16(entry + 6, 32, true); // bits per pixel
    view.setUint32(entry + 8, png.byteLength, true);
    view.setUint32(entry + 12, offset, true);
    bytes.set(png, offset);
    offset += png.byteLength;
  });
  return bytes;
}
