// Stripping what can locate or identify a person from an image before it is stored (product.md §16),
// one byte-level module per container; nothing is re-encoded. See docs/decisions/062.
import type { SniffedImage } from './image-sniff';
import { stripAvifMetadata } from './image-metadata-avif';
import { stripGifMetadata } from './image-metadata-gif';
import { stripJpegMetadata } from './image-metadata-jpeg';
import { stripPngMetadata } from './image-metadata-png';
import { stripWebpMetadata } from './image-metadata-webp';

const STRIPPERS: Record<SniffedImage['extension'], (bytes: Uint8Array) => Uint8Array | null> = {
  jpg: stripJpegMetadata,
  png: stripPngMetadata,
  webp: stripWebpMetadata,
  gif: stripGifMetadata,
  avif: stripAvifMetadata,
};

/** The image without its identifying metadata, or null when its structure is broken (then it is not stored). */
export function stripImageMetadata(kind: SniffedImage, bytes: Uint8Array): Uint8Array | null {
  return STRIPPERS[kind.extension](bytes);
}
