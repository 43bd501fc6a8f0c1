// The benchmark's fixed data set: 5 authors, 10 categories, 50 tags and N posts of ~600 words (2–4 tags each, most
// with a cover, half with an image in the body), generated deterministically (a seeded PRNG, word frequencies that
// follow Zipf's law) and written out as SQL INSERT statements. Only dates move with `now`, so scheduled posts stay
// in the future. Comments, images and standalone pages have their own modules (dataset-*.ts).
import { readingMinutesFor } from '../../../contracts/reading-time';
import { MARKDOWN_RULES_VERSION, renderMarkdown, type BodyImageSizes } from '../../../worker/lib/markdown';
import { sqlValue } from '../d1-local';
import { bodyImageOf, COVER_ALT, coverOf, IMAGE_COUNT } from './dataset-media';

/** Bumped whenever the data set's content changes: `npm run bench --reuse-data` re-seeds a folder seeded with another version. */
export const DATASET_VERSION = 6;

export const AUTHOR_COUNT = 5;
export const CATEGORY_COUNT = 10;
export const TAG_COUNT = 50;
export const WORDS_PER_POST = 600;
/** Every 50th post is a draft and every 100th (offset by 25) is scheduled a week ahead: both must never be seen. */
const DRAFT_EVERY = 50;
const SCHEDULED_EVERY = 100;
/** A word in every post, and one in RARE_POST_COUNT visible posts at every size: the benchmark searches for both. */
export const COMMON_WORD = 'water';
export const RARE_WORD = 'aurora';
/** The most frequent word of the vocabulary: in every post, many times (the benchmark searches for it too). */
export const EVERYDAY_WORD = 'the';
/**
 * Two result pages of 12 at every data-set size (decision 076): a share of the posts would make the rare search
 * list 4 posts at 1000 and 12 at 100,000, so its ratio would measure a longer page rather than the search.
 */
export const RARE_POST_COUNT = 24;
/** Two frequent words that stand side by side in one post of PHRASE_EVERY: the benchmark searches for them as a phrase. */
export const SEARCH_PHRASE = ['river', 'harbour'] as const;
const PHRASE_EVERY = 20;
const PHRASE_OFFSET = 3;
const FEATURED_COUNT = 3;
/** Rows per INSERT: keeps each statement well under D1's 100 KB statement limit. */
const ROWS_PER_INSERT = 8;

export const DAY_MS = 24 * 60 * 60 * 1000;
const MINUTE_MS = 60 * 1000;

/** mulberry32: a tiny, fast, seedable PRNG, so every run writes the same words. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// Real words first (they take the frequent ranks), then made-up ones for a long tail of rarer words.
const COMMON = (
  'the of and to in is that it for was on are as with his they at be this from have or by one had not ' +
  'but what all were when we there can an your which their said if do will each about how up out them ' +
  'then she many some so these would other into has more her two like him see time could no make than ' +
  'first been its who now people my made over did down only way find use may long little very after ' +
  'words called just where most know get through back much before go good new write our used me man too ' +
  'any day same right look think also around another came come work three word must because does part ' +
  'even place well such here take why things help put years different away again off went old number ' +
  'river mountain garden city light stone forest road music paper kitchen window letter morning evening ' +
  'winter summer harbour market bridge island valley engine signal'
).split(' ');
const SYLLABLES = 'ka lo mi ne ru sa te vi zo ba de fi gu ho ja ke li mo nu pa re si to va we xi yo zu'.split(' ');

export function vocabulary(size: number): string[] {
  const words = [...COMMON];
  const seen = new Set(words);
  const random = seededRandom(7);
  while (words.length < size) {
    const n = 2 + Math.floor(random() * 3);
    let w = '';
    for (let i = 0; i < n; i++) w += SYLLABLES[Math.floor(random() * SYLLABLES.length)];
    if (!seen.has(w) && w !== COMMON_WORD && w !== RARE_WORD) {
      seen.add(w);
      words.push(w);
    }
  }
  return words;
}

/** Draws words with probability ∝ 1/rank (Zipf), by binary search in the cumulative weights. */
function zipfSampler(words: readonly string[], random: () => number): () => string {
  const cumulative: number[] = [];
  let sum = 0;
  for (let rank = 1; rank <= words.length; rank++) cumulative.push((sum += 1 / rank));
  return () => {
    const target = random() * sum;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid]! < target) lo = mid + 1;
      else hi = mid;
    }
    return words[lo]!;
  };
}

export const capitalize = (w: string): string => w.charAt(0).toUpperCase() + w.slice(1);

export interface DatasetOptions {
  posts: number;
  now: number;
  /** The stored images' sizes by key: a post's body_html is rendered with them, as the write path stores it. */
  imageSizes?: BodyImageSizes;
}

export interface DatasetSummary {
  posts: number;
  visible: number;
  drafts: number;
  scheduled: number;
  categories: number;
  tags: number;
  postTags: number;
  authors: number;
  featured: number;
  wordsPerPost: number;
  /** Posts with a cover, and with an image in the body (of IMAGE_COUNT stored images). */
  covers: number;
  bodyImages: number;
  images: number;
}

export type PostState = 'visible' | 'draft' | 'scheduled';

/** Which posts are drafts or scheduled: a fixed rule on the post's number (1-based). */
export function postState(n: number): PostState {
  if (n % DRAFT_EVERY === 0) return 'draft';
  if (n % SCHEDULED_EVERY === 25) return 'scheduled';
  return 'visible';
}

const countPosts = (posts: number, test: (n: number) => boolean): number => {
  let count = 0;
  for (let n = 1; n <= posts; n++) if (test(n)) count++;
  return count;
};

export function summarize(posts: number): DatasetSummary {
  let drafts = 0;
  let scheduled = 0;
  for (let n = 1; n <= posts; n++) {
    const s = postState(n);
    if (s === 'draft') drafts++;
    else if (s === 'scheduled') scheduled++;
  }
  return {
    posts,
    visible: posts - drafts - scheduled,
    drafts,
    scheduled,
    categories: CATEGORY_COUNT,
    tags: TAG_COUNT,
    postTags: Array.from({ length: posts }, (_, i) => tagsOfPost(i + 1).length).reduce((a, b) => a + b, 0),
    authors: AUTHOR_COUNT,
    featured: Math.min(FEATURED_COUNT, posts),
    wordsPerPost: WORDS_PER_POST,
    covers: countPosts(posts, (n) => coverOf(n) !== null),
    bodyImages: countPosts(posts, (n) => bodyImageOf(n) !== null),
    images: IMAGE_COUNT,
  };
}

/**
 * The posts that hold RARE_WORD: RARE_POST_COUNT visible ones (fewer only when there are not that many), spread
 * evenly over the ids: the middle of each of RARE_POST_COUNT equal slices, or the next visible post after it.
 */
export function rareWordPosts(posts: number): Set<number> {
  const chosen = new Set<number>();
  for (let k = 0; k < RARE_POST_COUNT; k++) {
    let n = Math.max(1, Math.floor(((k + 0.5) * posts) / RARE_POST_COUNT));
    while (n <= posts && (postState(n) !== 'visible' || chosen.has(n))) n++;
    if (n <= posts) chosen.add(n);
  }
  return chosen;
}

export const categorySlug = (i: number): string => `topic-${i + 1}`;
export const tagSlug = (i: number): string => `tag-${i + 1}`;

/**
 * The tags of post n (1-based) as 0-based tag numbers, in the author's order: 2–4 of them, spread so
 * every tag gets about the same share of posts (tag i has id i + 1 in the fresh database).
 */
export function tagsOfPost(n: number): number[] {
  const count = 2 + (n % 3);
  return Array.from({ length: count }, (_, k) => (n + k * 17) % TAG_COUNT);
}
export const authorUsername = (i: number): string => `author${i + 1}`;

/** Users and categories: the few rows every post points at. */
export function baseSql(now: number): string {
  const lines = ['-- Byline benchmark data set: authors and categories'];
  const created = now - 4000 * DAY_MS;
  for (let i = 0; i < AUTHOR_COUNT; i++) {
    const u = authorUsername(i);
    // Nobody signs in during the benchmark: the hash is well-formed but matches no password.
    const values = [u, `Author ${i + 1}`, `${u}@bench.invalid`, 'pbkdf2-sha256$100000$AAAA$AAAA', `Writes about topic ${i + 1}.`, 1, created, created];
    lines.push(`INSERT INTO users (username, name, email, password_hash, bio, role, created_at, updated_at) VALUES (${values.map(sqlValue).join(', ')});`);
  }
  for (let i = 0; i < CATEGORY_COUNT; i++) {
    const values = [categorySlug(i), `Topic ${i + 1}`, `Posts about topic ${i + 1}.`, created, created];
    lines.push(`INSERT INTO categories (slug, name, description, created_at, updated_at) VALUES (${values.map(sqlValue).join(', ')});`);
  }
  for (let i = 0; i < TAG_COUNT; i++) {
    const values = [tagSlug(i), `Tag ${i + 1}`, created, created];
    lines.push(`INSERT INTO tags (slug, name, created_at, updated_at) VALUES (${values.map(sqlValue).join(', ')});`);
  }
  return lines.join('\n') + '\n';
}

interface GeneratedPost {
  slug: string;
  title: string;
  excerpt: string;
  body: string;
  words: number;
}

function generatePost(n: number, hasRareWord: boolean, nextWord: () => string, random: () => number): GeneratedPost {
  const titleWords = Array.from({ length: 3 + Math.floor(random() * 4) }, nextWord);
  const title = titleWords.map(capitalize).join(' ');
  const paragraphs: string[] = [];
  let words = 0;
  while (words < WORDS_PER_POST) {
    const sentences: string[] = [];
    for (let s = 0; s < 5 && words < WORDS_PER_POST; s++) {
      const len = 8 + Math.floor(random() * 17);
      const sentence = Array.from({ length: len }, nextWord);
      if (words === 0) sentence.splice(3, 0, COMMON_WORD);
      if (words === 0 && hasRareWord) sentence.splice(5, 0, RARE_WORD);
      if (words === 0 && n % PHRASE_EVERY === PHRASE_OFFSET) sentence.splice(7, 0, ...SEARCH_PHRASE);
      words += sentence.length;
      sentences.push(`${capitalize(sentence.join(' '))}.`);
    }
    paragraphs.push(sentences.join(' '));
    if (paragraphs.length === 3) paragraphs.push(`## ${capitalize(nextWord())} ${nextWord()}`);
    const image = bodyImageOf(n);
    if (paragraphs.length === 4 && image !== null) paragraphs.push(`![${COVER_ALT}](${image})`);
  }
  const body = paragraphs.join('\n\n');
  const excerpt = paragraphs[0]!.slice(0, 157).replace(/\s+\S*$/, '') + '…';
  return { slug: `${titleWords.join('-')}-${n}`, title, excerpt, body, words };
}

/** Multi-row INSERT statements of `rows` (each a parenthesised tuple of `columns`), `perInsert` rows each. */
export function insertsOf(table: string, columns: string, rows: readonly string[], perInsert: number): string {
  const statements: string[] = [];
  for (let i = 0; i < rows.length; i += perInsert) statements.push(`INSERT INTO ${table} (${columns}) VALUES\n${rows.slice(i, i + perInsert).join(',\n')};`);
  return statements.join('\n') + '\n';
}

/** Post n was published (posts - n + 1) hours ago, on the minute: post 1 is the oldest and the last the newest. */
export function publishedAtOf(n: number, opts: DatasetOptions): number {
  return Math.floor((opts.now - (opts.posts - n + 1) * 60 * MINUTE_MS) / MINUTE_MS) * MINUTE_MS;
}

/**
 * INSERT statements for posts `from`…`to` (1-based, inclusive), in order, so post n gets id n.
 * Each post's words come from its own PRNG stream, so any chunk can be written alone.
 */
export function postsSql(from: number, to: number, opts: DatasetOptions): string {
  const words = vocabulary(4000);
  const columns =
    'slug, title, excerpt, body, body_html, body_html_version, cover_image, cover_alt, category_id, author_id, status, published_at, reading_minutes, created_at, updated_at';
  const rows: string[] = [];
  const rare = rareWordPosts(opts.posts);
  for (let n = from; n <= to; n++) {
    const random = seededRandom(n * 2654435761);
    const post = generatePost(n, rare.has(n), zipfSampler(words, random), random);
    const state = postState(n);
    const publishedAt = publishedAtOf(n, opts);
    const at = state === 'scheduled' ? opts.now + 7 * DAY_MS : publishedAt;
    const values = [
      sqlValue(post.slug),
      sqlValue(post.title),
      sqlValue(post.excerpt),
      sqlValue(post.body),
      // Stored as a write through the API stores it, so no read renders Markdown while the bench measures.
      sqlValue(renderMarkdown(post.body, opts.imageSizes)),
      sqlValue(MARKDOWN_RULES_VERSION),
      sqlValue(coverOf(n)),
      sqlValue(coverOf(n) === null ? '' : COVER_ALT),
      `(SELECT id FROM categories WHERE slug = ${sqlValue(categorySlug(n % CATEGORY_COUNT))})`,
      `(SELECT id FROM users WHERE username = ${sqlValue(authorUsername(n % AUTHOR_COUNT))})`,
      sqlValue(state === 'draft' ? 'draft' : 'published'),
      sqlValue(state === 'draft' ? null : at),
      sqlValue(readingMinutesFor(post.words)),
      sqlValue(publishedAt - DAY_MS),
      sqlValue(publishedAt),
    ];
    rows.push(`(${values.join(', ')})`);
  }
  return insertsOf('posts', columns, rows, ROWS_PER_INSERT);
}

/** Rows per post_tags INSERT (three small numbers each). */
const POST_TAGS_PER_INSERT = 400;

/**
 * post_tags rows for posts `from`…`to`, written after those posts: the triggers of migration 0009 then
 * copy each post's publish time into the row and keep post_counts' 'tag' scope, as a write through the
 * API would. Post n has id n and tag i id i + 1 in the fresh database.
 */
export function postTagsSql(from: number, to: number): string {
  const rows: string[] = [];
  for (let n = from; n <= to; n++) tagsOfPost(n).forEach((tag, position) => rows.push(`(${n}, ${tag + 1}, ${position})`));
  return insertsOf('post_tags', 'post_id, tag_id, position', rows, POST_TAGS_PER_INSERT);
}

/** The newest visible posts become the featured ones (home shows them). Post n has id n in the fresh database. */
export function featuredSql(posts: number): string {
  const lines: string[] = [];
  for (let n = posts, position = 1; n >= 1 && position <= FEATURED_COUNT; n--) {
    if (postState(n) === 'visible') lines.push(`INSERT INTO featured (post_id, position) VALUES (${n}, ${position++});`);
  }
  return lines.join('\n') + '\n';
}
