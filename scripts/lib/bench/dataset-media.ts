// The benchmark's images: the demo's three PNGs, stored under fixed keys (so a data set is the same every time it is
// seeded) as the upload route stores them — their `media` rows in SQL, their bytes in the local R2 bucket. Which
// post shows which image is a fixed rule on the post's number.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { MEDIA_PREFIX } from '../../../contracts/responsive-images';
import { prepareImage, type PreparedImage } from '../../../worker/services/media-store';
import { PROJECT_ROOT, sqlValue } from '../d1-local';

/** The demo images the bench stores, in key order. */
const IMAGE_FILES = ['crescent-moon.png', 'rows-of-squares.png', 'type-scale.png'] as const;
export const IMAGE_COUNT = IMAGE_FILES.length;
/** Every post's cover and body image says this; a post without a cover has an empty alt. */
export const COVER_ALT = 'A pattern of shapes';
/** One post of COVERLESS_EVERY has no cover, as some real posts do not. */
const COVERLESS_EVERY = 4;

/** Image i's key, as the upload route would make it (32 hex digits and the extension), but fixed. */
export const imageKey = (i: number): string => `${(0xbe0c0000 + i).toString(16).padStart(32, '0')}.png`;
const imageUrl = (i: number): string => `${MEDIA_PREFIX}${imageKey(i)}`;

/** Post n's cover (`/media/<key>`), or null for one post in COVERLESS_EVERY. */
export function coverOf(n: number): string | null {
  return n % COVERLESS_EVERY === 0 ? null : imageUrl(n % IMAGE_COUNT);
}

/** The image in post n's body: odd posts have one (the newest visible post at 1000 and 100,000 posts is odd). */
export function bodyImageOf(n: number): string | null {
  return n % 2 === 1 ? imageUrl((n + 1) % IMAGE_COUNT) : null;
}

export interface BenchImage {
  key: string;
  image: PreparedImage;
}

/** The images as the upload route would store them: read from demo/media and stripped of metadata. */
export function readBenchImages(): BenchImage[] {
  return IMAGE_FILES.map((file, i) => {
    const image = prepareImage(new Uint8Array(readFileSync(path.join(PROJECT_ROOT, 'demo', 'media', file))));
    if (!image) throw new Error(`demo/media/${file} is not an image the upload route takes`);
    return { key: imageKey(i), image };
  });
}

/** The images' `media` rows, owned by the first author; written before the posts so media_uses' triggers see them. */
export function mediaSql(images: readonly BenchImage[], now: number): string {
  const rows = images.map(({ key, image }) =>
    [key, 1, image.kind.contentType, image.bytes.byteLength, image.width, image.height, COVER_ALT, now].map(sqlValue).join(', '),
  );
  return `INSERT INTO media (key, owner_id, content_type, size, width, height, alt, created_at) VALUES\n${rows.map((r) => `(${r})`).join(',\n')};\n`;
}
