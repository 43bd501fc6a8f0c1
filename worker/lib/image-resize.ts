// Resizing a stored image to one of IMAGE_WIDTHS through the Images binding, in the best format the
// browser's Accept names (AVIF, then WebP; else the original's own format). Decision 064.
import { z } from 'zod';
import { IMAGE_WIDTHS, isImageWidth, type ImageWidth } from '../../contracts/responsive-images';

/** `?w=`: absent (the original), or exactly one of IMAGE_WIDTHS; anything else is a 400. */
export const WidthQuerySchema = z.object({
  w: z
    .string()
    .regex(/^\d{1,5}$/, `Use one of the widths ${IMAGE_WIDTHS.join(', ')}`)
    .transform(Number)
    .refine(isImageWidth, `Use one of the widths ${IMAGE_WIDTHS.join(', ')}`)
    .transform((w) => w as ImageWidth)
    .optional(),
});

/** Formats the binding writes that a browser may not read; GIF stays GIF only when neither is accepted. */
const NEGOTIATED = ['image/avif', 'image/webp'] as const;
const RESIZABLE_ORIGINALS = new Set(['image/jpeg', 'image/png']);

/** The format to answer: AVIF or WebP when Accept names it, else the original's (null: serve the original). */
export function outputFormat(accept: string | undefined, original: string): string | null {
  const named = (accept ?? '').toLowerCase();
  const negotiated = NEGOTIATED.find((type) => named.includes(type));
  if (negotiated) return negotiated;
  return RESIZABLE_ORIGINALS.has(original) ? original : null;
}

/** Every format a resized answer of an `original` can take (what a purge of its variants must name). */
export const variantFormats = (original: string): string[] => [...NEGOTIATED, ...(RESIZABLE_ORIGINALS.has(original) ? [original] : [])];

type OutputFormat = Parameters<ReturnType<ImagesBinding['input']>['output']>[0]['format'];

/**
 * `object` scaled down to `width` pixels wide (never up) in `format` (outputFormat's choice), or null when the
 * binding cannot (a broken file, a format it cannot write): the caller answers the original then.
 */
export async function resizedImage(
  images: ImagesBinding,
  object: R2ObjectBody,
  width: ImageWidth,
  format: string,
): Promise<{ bytes: Uint8Array<ArrayBuffer>; contentType: string } | null> {
  try {
    const result = await images
      .input(object.body)
      .transform({ width, fit: 'scale-down' })
      .output({ format: format as OutputFormat });
    const bytes = new Uint8Array(await result.response().arrayBuffer());
    if (bytes.byteLength === 0) return null;
    return { bytes, contentType: result.contentType() };
  } catch (err) {
    console.error('the Images binding could not resize an image', err);
    return null;
  }
}
