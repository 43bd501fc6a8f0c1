// How post input becomes stored columns (by the rules in contracts/posts.ts), for POST and PUT alike.
import type { PostInputData } from '../../contracts/posts';
import type { PostRow, PostValues } from '../queries/posts';
import { excerptFrom, MARKDOWN_RULES_VERSION, readingMinutes, renderMarkdown } from '../lib/markdown';

type Existing = Pick<PostRow, 'excerpt' | 'body' | 'coverImage' | 'coverAlt' | 'publishedAt' | 'status'> | null;

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

export function resolvePostValues(
  input: PostInputData,
  existing: Existing,
  refs: { categoryId: number; authorId: number; editedBy: number },
  now: number,
): PostValues {
  const made = excerptFrom(input.body);
  // An excerpt still equal to the one made from the old body was never written by hand: it follows the body.
  const wasMade = existing !== null && existing.excerpt === excerptFrom(existing.body);
  let excerpt: string;
  if (input.excerpt === undefined) excerpt = existing && !wasMade ? existing.excerpt : made;
  else if (input.excerpt === '' || (wasMade && input.excerpt === existing?.excerpt)) excerpt = made;
  else excerpt = input.excerpt;
  const coverImage = input.coverImage === undefined ? (existing?.coverImage ?? null) : input.coverImage;
  return {
    title: input.title,
    body: input.body,
    excerpt,
    coverImage,
    // An alt text describes a cover: none without one.
    coverAlt: coverImage === null ? '' : (input.coverAlt ?? existing?.coverAlt ?? ''),
    categoryId: refs.categoryId,
    authorId: refs.authorId,
    status: input.status,
    publishedAt: publishedAtOf(input, existing, now),
    readingMinutes: readingMinutes(input.body),
    bodyHtml: renderMarkdown(input.body),
    bodyHtmlVersion: MARKDOWN_RULES_VERSION,
    editedBy: refs.editedBy,
  };
}
