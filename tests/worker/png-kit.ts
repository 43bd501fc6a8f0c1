// Real PNG files built byte by byte (signature, IHDR, zlib IDAT, IEND), and reading one's size back.

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
export function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = (CRC_TABLE[(c ^ b) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
const u32 = (n: number) => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];

export function chunk(type: string, data: Uint8Array): number[] {
  const typed = new Uint8Array([...new TextEncoder().encode(type), ...data]);
  return [...u32(data.length), ...typed, ...u32(crc32(typed))];
}

async function deflate(data: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([data as BlobPart]).stream().pipeThrough(new CompressionStream('deflate'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** An RGBA PNG of `width`×`height` from its filtered rows (each a 0 filter byte, then 4 bytes a pixel). */
export async function pngOf(width: number, height: number, rows: Uint8Array): Promise<Uint8Array> {
  const ihdr = new Uint8Array([...u32(width), ...u32(height), 8, 6, 0, 0, 0]);
  return new Uint8Array([
    0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a,
    ...chunk('IHDR', ihdr),
    ...chunk('IDAT', await deflate(rows)),
    ...chunk('IEND', new Uint8Array()),
  ]);
}

/** A `width`×`height` PNG of one colour. */
export function solidPng(width: number, height: number, rgba: [number, number, number, number]): Promise<Uint8Array> {
  const row = [0, ...Array.from({ length: width }, () => rgba).flat()];
  return pngOf(width, height, new Uint8Array(Array.from({ length: height }, () => row).flat()));
}

/** A PNG's width and height, from its IHDR chunk. */
export function pngSize(png: Uint8Array): { width: number; height: number } {
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

export const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
