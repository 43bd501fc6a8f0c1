// The editor's form state as plain data, and the rules that turn it into a save: which publication date
// an intent sends, the input the API gets, and what the author reads afterwards. No React here.
import type { Category } from '../../../contracts/categories';
import { instantOfWallTime, wallTimeIn } from '../../../contracts/dates';
import { isScheduled, postState, type PostStatus } from '../../../contracts/post-status';
import type { Post, PostInput, PostUpdateInput } from '../../../contracts/posts';
import { countWords, readingMinutesFor } from '../../../contracts/reading-time';
import { editSlug, followSource } from '../../lib/following-slug';
import { seoDraftOf, seoInputOf, type SeoDraft } from './seo-draft';

export interface Draft {
  author: string;
  title: string;
  /** The slug field; follows the title (slugify) until the author edits it (`slugEdited`). */
  slug: string;
  slugEdited: boolean;
  category: string;
  tags: string[];
  coverImage: string;
  /** The cover's alt text (shown as alt="" when empty). */
  coverAlt: string;
  /** The cover is decorative on purpose: no alt text is sent or asked for (decision 066). */
  coverDecorative: boolean;
  excerpt: string;
  body: string;
  /** The schedule picker's `datetime-local` value: a wall-clock time in the site's zone. */
  scheduleAt: string;
  /** Meta title, description, social image, canonical URL, noindex (kept out of the local copy and of revisions). */
  seo: SeoDraft;
  /** Whether readers may comment on the post (its switch; the site's setting is the other). */
  commentsOpen: boolean;
}

/** `submit`: save as pending review (a contributor's "Submit for review"; on a pending post, its Save). */
export type Intent = 'draft' | 'submit' | 'publish' | 'schedule' | 'update';

const STATUS_OF: Record<Intent, PostStatus> = { draft: 'draft', submit: 'pending', publish: 'published', schedule: 'published', update: 'published' };

/**
 * The draft of `post`, or of a new post: in the settings' default category when it is offered, else the first.
 * `zone` is the site's, in which the schedule picker shows its time.
 */
export const draftOf = (post: Post | null, categories: Category[], zone: string, defaultCategory: string | null = null): Draft => ({
  author: post?.author.username ?? '',
  title: post?.title ?? '',
  slug: post?.slug ?? '',
  // A saved post's slug is its address: it changes only when the author edits the field.
  slugEdited: post !== null,
  category: post?.category.slug ?? categories.find((c) => c.slug === defaultCategory)?.slug ?? categories[0]?.slug ?? '',
  tags: post?.tags.map((t) => t.name) ?? [],
  coverImage: post?.coverImage ?? '',
  coverAlt: post?.coverAlt ?? '',
  coverDecorative: post?.coverDecorative ?? false,
  excerpt: post?.excerpt ?? '',
  body: post?.body ?? '',
  scheduleAt: post?.publishedAt && isScheduled(post) ? wallTimeIn(zone, post.publishedAt) : '',
  seo: seoDraftOf(post?.seo),
  commentsOpen: post?.commentsOpen ?? true,
});

/** One field changed; a title change carries the slug along while the author has not set one. */
export function withField<K extends keyof Draft>(draft: Draft, key: K, value: Draft[K]): Draft {
  if (key === 'title') return followSource({ ...draft, title: String(value) }, String(value));
  if (key === 'slug') return editSlug(draft, String(value));
  return { ...draft, [key]: value };
}

/** The text an author would lose: what the local copy keeps and compares. */
export type DraftText = Pick<Draft, 'title' | 'slug' | 'tags' | 'coverImage' | 'coverAlt' | 'excerpt' | 'body'>;
export const textOf = (d: DraftText): DraftText => ({
  title: d.title,
  slug: d.slug,
  tags: d.tags,
  coverImage: d.coverImage,
  coverAlt: d.coverAlt,
  excerpt: d.excerpt,
  body: d.body,
});
export const sameText = (a: DraftText, b: DraftText): boolean => JSON.stringify(textOf(a)) === JSON.stringify(textOf(b));
export const sameDraft = (a: Draft, b: Draft): boolean => JSON.stringify(a) === JSON.stringify(b);

/**
 * The publication date a save sends: null means "now, or the first publication date when republished"
 * (the Worker decides), 'invalid' a chosen schedule that is not in the future. The picker's time is in `zone`.
 */
export function publishedAtFor(
  intent: Intent,
  post: Post | null,
  draft: Draft,
  saved: Draft,
  zone: string,
  now = Date.now(),
): string | null | undefined | 'invalid' {
  const state = post ? postState(post) : 'draft';
  // A scheduled post's Update keeps its date unless the author picked a new one.
  const reschedule = intent === 'schedule' || (intent === 'update' && state === 'scheduled' && draft.scheduleAt !== saved.scheduleAt);
  if (reschedule) {
    const at = instantOfWallTime(zone, draft.scheduleAt);
    return at === null || at <= now ? 'invalid' : new Date(at).toISOString();
  }
  if (intent === 'publish') return null;
  if (intent === 'update') return post?.publishedAt ?? undefined;
  return undefined;
}

/** The API input for a save; `version` is the one the editor holds (the last it loaded or saved). */
export function inputFor(
  intent: Intent,
  draft: Draft,
  post: Post | null,
  publishedAt: string | null | undefined,
  canChangeAuthor: boolean,
): PostInput | PostUpdateInput {
  const slug = draft.slug.trim();
  return {
    title: draft.title,
    body: draft.body,
    category: draft.category,
    status: STATUS_OF[intent],
    excerpt: draft.excerpt.trim() === '' ? undefined : draft.excerpt,
    coverImage: draft.coverImage.trim() === '' ? null : draft.coverImage.trim(),
    coverAlt: draft.coverDecorative ? '' : draft.coverAlt.trim(),
    coverDecorative: draft.coverDecorative,
    tags: draft.tags,
    seo: seoInputOf(draft.seo),
    commentsOpen: draft.commentsOpen,
    // Sent when the author set it or it differs from the address the post has; '' lets the Worker make one.
    ...(draft.slugEdited && slug !== post?.slug ? { slug } : {}),
    ...(publishedAt !== undefined ? { publishedAt } : {}),
    ...(post ? { version: post.version } : {}),
    ...(canChangeAuthor && draft.author.trim() !== '' && draft.author.trim() !== post?.author.username ? { author: draft.author.trim() } : {}),
  };
}

/** What the author reads after a save. */
export function savedMessage(result: Post, formatDateTime: (iso: string) => string): string {
  if (result.status === 'draft') return 'Draft saved.';
  if (result.status === 'pending') return 'Submitted for review: an editor will publish it or send it back with a note.';
  return result.publishedAt && isScheduled(result) ? `Scheduled for ${formatDateTime(result.publishedAt)}.` : 'Published.';
}

/** Words of a Markdown body as a reader sees them (images, link targets and syntax left out), and minutes to read. */
export function bodyStats(body: string): { words: number; minutes: number } {
  const plain = body
    .replace(/```[^\n]*\n/g, ' ')
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, ' ')
    .replace(/^\s*(?:[#>]+|[-*+]|\d+\.)\s+/gm, '')
    .replace(/[*_`~|]/g, '');
  const words = countWords(plain);
  return { words, minutes: readingMinutesFor(words) };
}
