// `POST /api/admin/posts/bulk`: one action on up to 25 posts, each through the write its single action uses
// (changePostAs, deletePostAt in post-writes.ts), one post at a time, so a post that is refused (changed
// since the list was loaded, gone, not publishable) is reported and the others are still done.
import type { BulkPostAction, BulkPostInputData, BulkPostResult, BulkPostResults } from '../../contracts/admin';
import type { Db, SessionUser } from '../env';
import { errorOf, HttpError, validationFailed } from '../lib/http-error';
import { findCategoryId } from '../queries/categories';
import type { PostRow } from '../queries/posts';
import { changePostAs, deletePostAt, loadPost, type PostChange } from './post-writes';

/** What each action changes, as the list's single actions do (publish now, unpublish, a new category). */
const CHANGES: Record<Exclude<BulkPostAction, 'delete'>, (input: BulkPostInputData) => Omit<PostChange, 'version'>> = {
  publish: () => ({ status: 'published', publishedAt: null }),
  unpublish: () => ({ status: 'draft', publishedAt: null }),
  move: (input) => ({ category: input.category }),
};

async function applyTo(db: Db, user: SessionUser, post: PostRow, version: number, input: BulkPostInputData, now: number): Promise<void> {
  if (input.action === 'delete') return deletePostAt(db, post, version);
  await changePostAs(db, user, post, { ...CHANGES[input.action](input), version }, now);
}

export async function bulkPostsAs(db: Db, user: SessionUser, input: BulkPostInputData, now: number): Promise<BulkPostResults> {
  // A category that does not exist would refuse every post alike: refused once, before anything changes.
  if (input.category !== undefined && (await findCategoryId(db, input.category)) === null) {
    throw validationFailed({ category: 'Choose an existing category' });
  }
  const results: BulkPostResult[] = [];
  for (const { slug, version } of input.posts) {
    try {
      await applyTo(db, user, await loadPost(db, slug), version, input, now);
      results.push({ slug, ok: true });
    } catch (err) {
      // An expected refusal is this post's answer; anything else is the request's (the error policy's 500).
      if (!(err instanceof HttpError)) throw err;
      results.push({ slug, ok: false, error: errorOf(err) });
    }
  }
  return { results };
}
