// The pages the benchmark measures, in order, and what each must answer before it is measured: a page that
// answers 200 with the wrong thing (an empty thread, a held comment shown, an image served as the original) would
// make a figure that measures nothing.
import { authorUsername, categorySlug, COMMON_WORD, EVERYDAY_WORD, RARE_WORD, SEARCH_PHRASE, tagSlug } from './dataset';
import { CliError } from '../d1-local';
import { approvedCommentPattern, HIDDEN_COMMENT_MARK, newestVisiblePost, THREAD_APPROVED } from './dataset-comments';
import { bodyImageOf, coverOf, imageKey } from './dataset-media';
import { BENCH_PAGE_SLUG, BENCH_PAGE_TITLE, HEADER_MENU } from './dataset-pages';

/** What an answer must be: its type, words it holds, words it must not hold, `distinct` different matches of `pattern`. */
export interface Expected {
  contentType: RegExp;
  contains?: readonly string[];
  excludes?: readonly string[];
  /** E.g. the thread's comments, each shown once or more (a page may repeat its data for hydration). */
  distinct?: { pattern: RegExp; count: number };
}

export interface BenchPage {
  label: string;
  path: string;
  /** Sent with every request to it (and to hello under the same label), e.g. an image's Accept. */
  headers?: Record<string, string>;
  expected: Expected;
}

export interface Answer {
  status: number;
  contentType: string;
  body: string;
}

const HTML = /^text\/html/;
const XML = /^application\/(rss|atom)\+xml/;
/** A browser that takes the modern formats: the variant answer is AVIF or WebP, never the PNG. */
export const IMAGE_ACCEPT = 'image/avif,image/webp,*/*';
/** The width the image variant is asked at: one of IMAGE_WIDTHS, smaller than the stored 1200. */
const VARIANT_WIDTH = 640;

const distinctMatches = (text: string, pattern: RegExp): number => new Set([...text.matchAll(new RegExp(pattern, 'g'))].map((m) => m[0])).size;

/** Why `answer` is not what `page` must answer, or null when it is. */
export function answerProblem(page: BenchPage, answer: Answer): string | null {
  const { expected } = page;
  if (answer.status !== 200) return `answers ${answer.status}, not 200`;
  if (!expected.contentType.test(answer.contentType)) return `answers ${answer.contentType || 'no Content-Type'}, not ${expected.contentType.source}`;
  const missing = expected.contains?.find((text) => !answer.body.includes(text));
  if (missing !== undefined) return `lacks ${JSON.stringify(missing)}`;
  const shown = expected.excludes?.find((text) => answer.body.includes(text));
  if (shown !== undefined) return `shows ${JSON.stringify(shown)}, which it must not`;
  const found = expected.distinct && distinctMatches(answer.body, expected.distinct.pattern);
  if (expected.distinct && found !== expected.distinct.count) return `holds ${found} different /${expected.distinct.pattern.source}/, not ${expected.distinct.count}`;
  return null;
}

const listing: Expected = { contentType: HTML, contains: ['/details/', HEADER_MENU[3].url] };
const rss: Expected = { contentType: XML, contains: ['<item>'] };
const search = (label: string, query: string): BenchPage => ({ label: `search ${label}`, path: `/search?q=${query}`, expected: listing });

/** Every page measured at a data set of `posts` posts; `postSlug` is its newest visible post's, the one with the long thread. */
export function benchPages(posts: number, postSlug: string): BenchPage[] {
  const post = `/details/${postSlug}`;
  const n = newestVisiblePost(posts);
  const images = [coverOf(n), bodyImageOf(n)].filter((src) => src !== null);
  return [
    { label: 'home', path: '/', expected: { contentType: HTML, contains: [post, 'Colophon'] } },
    {
      label: 'post',
      path: post,
      expected: {
        contentType: HTML,
        contains: images,
        distinct: { pattern: approvedCommentPattern(n), count: THREAD_APPROVED },
        excludes: [HIDDEN_COMMENT_MARK],
      },
    },
    { label: 'page', path: `/${BENCH_PAGE_SLUG}`, expected: { contentType: HTML, contains: [BENCH_PAGE_TITLE, imageKey(0)] } },
    { label: 'category', path: `/category/${categorySlug(0)}`, expected: listing },
    { label: 'tag', path: `/tag/${tagSlug(0)}`, expected: listing },
    { label: 'author', path: `/author/${authorUsername(0)}`, expected: { ...listing, contains: [...listing.contains!, 'Author 1'] } },
    { label: 'feed', path: '/rss.xml', expected: rss },
    { label: 'feed atom', path: '/atom.xml', expected: { contentType: XML, contains: ['<entry>'] } },
    { label: 'feed json', path: '/feed.json', expected: { contentType: /^application\/feed\+json/, contains: ['"items"'] } },
    { label: 'feed category', path: `/category/${categorySlug(0)}/rss.xml`, expected: rss },
    { label: 'feed tag', path: `/tag/${tagSlug(0)}/rss.xml`, expected: rss },
    { label: 'feed author', path: `/author/${authorUsername(0)}/rss.xml`, expected: rss },
    { label: 'sitemap', path: '/sitemap.xml', expected: { contentType: /xml/, contains: ['<loc>'] } },
    search('common', COMMON_WORD),
    search('everyday', EVERYDAY_WORD),
    search('rare', RARE_WORD),
    search('partial', COMMON_WORD.slice(0, 4)),
    // Two words, one in every post: ranking reads the common word's whole doclist (decision 013).
    search('two words', `${COMMON_WORD}+${RARE_WORD}`),
    // Two frequent words side by side in one post of 20: a phrase, in quotes as a reader types it.
    search('phrase', `%22${SEARCH_PHRASE.join('+')}%22`),
    { label: 'api posts', path: '/api/posts', expected: { contentType: /^application\/json/, contains: [postSlug] } },
    {
      label: 'image',
      path: `/media/${imageKey(0)}?w=${VARIANT_WIDTH}`,
      headers: { accept: IMAGE_ACCEPT },
      expected: { contentType: /^image\/(avif|webp)$/ },
    },
    { label: 'card', path: `${post}/card.png`, expected: { contentType: /^image\/png$/ } },
    { label: 'subscribe', path: '/subscribe', expected: { contentType: HTML, contains: ['Subscribe'] } },
  ];
}

/** The pages whose label starts with one of `names`, or all when `names` is null; an unknown name is refused. */
export function choosePages(pages: readonly BenchPage[], names: readonly string[] | null): BenchPage[] {
  if (names === null) return [...pages];
  const unknown = names.filter((name) => !pages.some((p) => p.label.startsWith(name)));
  if (unknown.length > 0) throw new CliError(`--pages: no page starts with ${unknown.join(', ')} (pages: ${pages.map((p) => p.label).join(', ')})`);
  return pages.filter((p) => names.some((name) => p.label.startsWith(name)));
}
