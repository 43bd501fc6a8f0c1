// The benchmark's standalone pages (issue 16) and the header and footer menus that link them. The page the bench
// reads, /about, is as long as a post and shows an image; its HTML and excerpt are made as the editor's save makes them.
import { MEDIA_PREFIX } from '../../../contracts/responsive-images';
import { excerptFrom, parseMarkdown } from '../../../worker/lib/markdown';
import { sqlValue } from '../d1-local';
import { capitalize, categorySlug, seededRandom, vocabulary, WORDS_PER_POST } from './dataset';
import { COVER_ALT, imageKey, type BenchImage } from './dataset-media';

/** The standalone page the bench reads. */
export const BENCH_PAGE_SLUG = 'about';
export const BENCH_PAGE_TITLE = 'About this site';

const PAGES = [
  { slug: BENCH_PAGE_SLUG, title: BENCH_PAGE_TITLE, paragraphs: 8 },
  { slug: 'contact', title: 'Contact', paragraphs: 2 },
  { slug: 'colophon', title: 'Colophon', paragraphs: 3 },
] as const;
export const PAGE_COUNT = PAGES.length;

/** The header menu: what the bench finds on every page (the footer's links are the other pages and the feed). */
export const HEADER_MENU = [
  { label: 'Home', url: '/' },
  { label: 'About', url: `/${BENCH_PAGE_SLUG}` },
  { label: 'Topic 1', url: `/category/${categorySlug(0)}` },
  { label: 'Subscribe', url: '/subscribe' },
] as const;
const FOOTER_MENU = [
  { label: 'Contact', url: '/contact' },
  { label: 'Colophon', url: '/colophon' },
  { label: 'RSS', url: '/rss.xml' },
];

/** The pages, the first with the first image after its second paragraph (media_uses' trigger records that use). */
export function pagesSql(images: readonly BenchImage[], now: number): string {
  const words = vocabulary(4000);
  const random = seededRandom(7);
  const next = () => words[Math.floor(random() * words.length)]!;
  const image = images[0]!;
  const sizes = new Map([[image.key, { width: image.image.width!, height: image.image.height! }]]);
  const columns = 'slug, title, body, body_html, excerpt, status, author_id, published_at, created_at, updated_at';
  return PAGES.map((page, i) => {
    const paragraphs = Array.from({ length: page.paragraphs }, () => `${capitalize(Array.from({ length: WORDS_PER_POST / 8 }, next).join(' '))}.`);
    if (i === 0) paragraphs.splice(2, 0, `![${COVER_ALT}](${MEDIA_PREFIX}${imageKey(0)})`);
    const parsed = parseMarkdown(paragraphs.join('\n\n'), sizes);
    const values = [page.slug, page.title, paragraphs.join('\n\n'), parsed.html, excerptFrom(parsed), 'published', 1, now, now, now];
    return `INSERT INTO pages (${columns}) VALUES (${values.map(sqlValue).join(', ')});\n`;
  }).join('');
}

export function menusSql(): string {
  return (
    [
      ['header', HEADER_MENU],
      ['footer', FOOTER_MENU],
    ] as const
  )
    .map(([menu, items]) => `INSERT INTO navigation_menus (menu, items) VALUES (${sqlValue(menu)}, ${sqlValue(JSON.stringify(items))});\n`)
    .join('');
}
