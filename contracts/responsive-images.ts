// Responsive images (product.md §16, decision 064): the widths /media/:key?w= serves and the one helper
// that builds every <img>'s attributes from a stored image's dimensions, shared by React and the markdown renderer.

/** The only widths /media/:key?w= resizes to: few enough that the edge caches each one. */
export const IMAGE_WIDTHS = [320, 640, 960, 1280, 1920] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

export const isImageWidth = (w: number): w is ImageWidth => (IMAGE_WIDTHS as readonly number[]).includes(w);

/** Where stored images are served: `/media/<key>`. */
export const MEDIA_PREFIX = '/media/';

/** The key of a stored image's address (`/media/<key>` → `<key>`). */
export const storedMediaKey = (src: string): string => src.slice(MEDIA_PREFIX.length);

const MEDIA_PATH = /^\/media\/[^/?#]+$/;

/** Whether `src` is one of our stored images (the only ones /media/:key?w= can resize). */
export const isStoredMedia = (src: string): boolean => MEDIA_PATH.test(src);

export interface ImageAttrsInput {
  src: string;
  /** The stored image's pixel dimensions, or null when unknown (an old upload or an outside address). */
  width: number | null;
  height: number | null;
  /** The CSS width the image takes, for `sizes`. */
  sizes: string;
  /** The first large image above the fold: fetched at once and early. */
  priority?: boolean;
}

export interface ImageAttrs {
  src: string;
  width?: number;
  height?: number;
  srcSet?: string;
  sizes?: string;
  loading: 'lazy' | 'eager';
  decoding: 'async';
  fetchPriority?: 'high';
}

/** The widths worth offering for an image `width` pixels wide: never larger than the original. */
const offeredWidths = (width: number): number[] => IMAGE_WIDTHS.filter((w) => w < width);

/** Every <img>'s attributes: dimensions (no layout shift), srcset/sizes for stored media, lazy unless priority. */
export function imageAttrs({ src, width, height, sizes, priority = false }: ImageAttrsInput): ImageAttrs {
  const attrs: ImageAttrs = { src, loading: priority ? 'eager' : 'lazy', decoding: 'async' };
  if (priority) attrs.fetchPriority = 'high';
  if (width === null || height === null || width <= 0 || height <= 0) return attrs;
  attrs.width = width;
  attrs.height = height;
  const widths = isStoredMedia(src) ? offeredWidths(width) : [];
  if (widths.length > 0) {
    attrs.srcSet = [...widths.map((w) => `${src}?w=${w} ${w}w`), `${src} ${width}w`].join(', ');
    attrs.sizes = sizes;
  }
  return attrs;
}

/**
 * The CSS width each kind of image takes (web/styles.css: .post-card-cover in .post-grid, .post-cover and
 * .prose img in .post's 46rem column, both inside .page's 1.2rem padding), for `sizes`.
 */
export const IMAGE_SIZES = {
  card: '(max-width: 40rem) calc(100vw - 2.4rem), (max-width: 72rem) 50vw, 24rem',
  article: '(max-width: 48rem) calc(100vw - 2.4rem), 46rem',
} as const;

/** `attrs` (without src) as HTML attribute names and values, for markup not written by React. */
export function imageAttrPairs(attrs: ImageAttrs): [string, string | number][] {
  const pairs: [string, string | number | undefined][] = [
    ['width', attrs.width],
    ['height', attrs.height],
    ['srcset', attrs.srcSet],
    ['sizes', attrs.sizes],
    ['loading', attrs.loading],
    ['decoding', attrs.decoding],
    ['fetchpriority', attrs.fetchPriority],
  ];
  return pairs.filter((pair): pair is [string, string | number] => pair[1] !== undefined);
}
