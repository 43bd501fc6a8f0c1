// How post input becomes stored columns (product.md §3 and the rules in contracts/posts.ts), for POST and PUT alike.
import type { PostInputData } from '../../contracts/posts';
import type { PostRow, PostValues } from '../queries/posts';
import { excerptFrom, readingMinutes } from './markdown';

type Existing = Pick<PostRow, 'excerpt' | 'body' | 'coverImage' | 'publishedAt'> | null;

function publishedAtOf(input: PostInputData, existing: Existing, now: number): Date | null {
  if (input.publishedAt === undefined) {
    return existing?.publishedAt ?? (input.status === 'published' ? new Date(now) : null);
  }
  if (input.publishedAt === null) return input.status === 'published' ? new Date(now) : null;
  return new Date(input.publishedAt);
}

export function resolvePostValues(
  input: PostInputData,
  existing: Existing,
  refs: { categoryId: number; authorId: number },
  now: number,
): PostValues {
  const made = excerptFrom(input.body);
  // An excerpt still equal to the one made from the old body was never written by hand: it follows the body.
  const wasMade = existing !== null && existing.excerpt === excerptFrom(existing.body);
  let excerpt: string;
  if (input.excerpt === undefined) excerpt = existing && !wasMade ? existing.excerpt : made;
  else if (input.excerpt === '' || (wasMade && input.excerpt === existing?.excerpt)) excerpt = made;
  else excerpt = input.excerpt;
  return {
    title: input.title,
    body: input.body,
    excerpt,
    coverImage: input.coverImage === undefined ? (existing?.coverImage ?? null) : input.coverImage,
    categoryId: refs.categoryId,
    authorId: refs.authorId,
    status: input.status,
    publishedAt: publishedAtOf(input, existing, now),
    readingMinutes: readingMinutes(input.body),
  };
}
