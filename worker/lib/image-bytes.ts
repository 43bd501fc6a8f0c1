// Reading numbers and tags out of image bytes; out-of-range reads give 0 (callers check lengths first).
import { concatBytes } from '../../contracts/import';

export const ascii = (bytes: Uint8Array, at: number, length: number): string =>
  String.fromCharCode(...bytes.subarray(at, at + length));

export const u16be = (b: Uint8Array, at: number): number => ((b[at] ?? 0) << 8) | (b[at + 1] ?? 0);
export const u16le = (b: Uint8Array, at: number): number => (b[at] ?? 0) | ((b[at + 1] ?? 0) << 8);
export const u24le = (b: Uint8Array, at: number): number => u16le(b, at) | ((b[at + 2] ?? 0) << 16);
export const u32be = (b: Uint8Array, at: number): number => ((u16be(b, at) << 16) | u16be(b, at + 2)) >>> 0;
export const u32le = (b: Uint8Array, at: number): number => (u16le(b, at) | (u16le(b, at + 2) << 16)) >>> 0;

/** Joins byte ranges into one array (what every metadata stripper answers). */
export const joinBytes = (parts: Uint8Array[]): Uint8Array => concatBytes(parts, parts.reduce((n, p) => n + p.byteLength, 0));

/** An image's size in pixels, as it is shown (a JPEG's Exif orientation applied). */
export interface ImageDimensions {
  width: number;
  height: number;
}
