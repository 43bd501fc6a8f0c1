// How post input becomes stored columns (by the rules in contracts/posts.ts), for POST and PUT alike.
import type { PostInputData } from '../../contracts/posts';
import type { PostRow, PostValues } from '../queries/posts';
import { excerptFrom, MARKDOWN_RULES_VERSION, parseMarkdown, readingMinutes, type BodyImageSizes } from '../lib/markdown';
import { NO_SEO, type Seo } from '../../contracts/seo';
import { columnsFromSeo, seoFromColumns, type SeoColumns } from '../queries/seo-columns';
import { resolveSeo } from './seo-fields';

type Existing =
  | (Pick<PostRow, 'excerpt' | 'body' | 'coverImage' | 'coverAlt' | 'coverDecorative' | 'publishedAt' | 'status'> & Partial<SeoColumns> & { commentsOpen?: boolean })
  | null;

/** The SEO a post has stored (a row read without its SEO columns has none). */
const storedSeo = (existing: Existing): Seo | null => (existing ? seoFromColumns({ ...columnsFromSeo(NO_SEO), ...existing }) : null);

/**
 * When the post was (first) published: republishing keeps that date. An explicit date always
 * wins; otherwise a date already reached is kept (through unpublish and publish again), and a post that
 * was never published — or only scheduled — is published now.
 */
function publishedAtOf(input: PostInputData, existing: Existing, now: number): Date | null {
  if (input.publishedAt) return new Date(input.publishedAt);
  const reached = existing?.publishedAt && existing.publishedAt.getTime() <= now ? existing.publishedAt : null;
  if (input.status === 'published') {
    // Absent on a post that stays published keeps its date, a schedule included (an edit is not a reschedule).
    if (input.publishedAt === undefined && existing?.status === 'published') return existing.publishedAt ?? new Date(now);
    return reached ?? new Date(now);
  }
  // A draft: absent keeps what it had; null drops a schedule but not the date it was first published.
  return input.publishedAt === undefined ? (existing?.publishedAt ?? null) : reached;
}

/**
 * The excerpt a write stores. An excerpt still equal to the one made from the old body was never written by
 * hand: it follows the body. Whether it was made is asked only when it matters, and costs a parse of the old
 * body only when the body changed (the new body's parse answers it otherwise).
 */
function excerptOf(input: PostInputData, existing: Existing, made: string): string {
  if (input.excerpt === '') return made;
  if (existing === null) return input.excerpt ?? made;
  if (input.excerpt !== undefined && input.excerpt !== existing.excerpt) return input.excerpt;
  const wasMade = existing.excerpt === (existing.body === input.body ? made : excerptFrom(existing.body));
  return wasMade ? made : existing.excerpt;
}

/** The stored columns of a write (`images`: the body's uploads' dimensions); its body is parsed once, and every field derived from it is read from that parse. */
export function resolvePostValues(
  input: PostInputData,
  existing: Existing,
  refs: { categoryId: number; authorId: number; editedBy: number },
  now: number,
  images?: BodyImageSizes,
): PostValues {
  const body = parseMarkdown(input.body, images);
  const coverImage = input.coverImage === undefined ? (existing?.coverImage ?? null) : input.coverImage;
  // A decorative cover has no alt text; neither decoration nor alt text without a cover.
  const coverDecorative = coverImage !== null && (input.coverDecorative ?? existing?.coverDecorative ?? false);
  return {
    title: input.title,
    body: input.body,
    excerpt: excerptOf(input, existing, excerptFrom(body)),
    coverImage,
    coverAlt: coverImage === null || coverDecorative ? '' : (input.coverAlt ?? existing?.coverAlt ?? ''),
    coverDecorative,
    commentsOpen: input.commentsOpen ?? existing?.commentsOpen ?? true,
    categoryId: refs.categoryId,
    authorId: refs.authorId,
    status: input.status,
    publishedAt: publishedAtOf(input, existing, now),
    readingMinutes: readingMinutes(body),
    bodyHtml: body.html,
    bodyHtmlVersion: MARKDOWN_RULES_VERSION,
    editedBy: refs.editedBy,
    ...columnsFromSeo(resolveSeo(input.seo, storedSeo(existing))),
  };
}
