// The post page's threads (decision 068): top-level comments in order, each with its replies; a reply whose
// parent is not shown (held, trashed) is left out rather than shown out of place.
import { describe, expect, it } from 'vitest';
import type { PublicComment } from '../../contracts/comments';
import { threadsOf } from '../../web/features/posts/comments/comment-threads';

const c = (id: number, parentId: number | null = null): PublicComment => ({ id, parentId, name: `n${id}`, bodyHtml: '', createdAt: '2026-01-01T00:00:00.000Z', byAuthor: false });

describe('threadsOf', () => {
  it('groups replies under their top-level comment, in order, and leaves out orphans', () => {
    const threads = threadsOf([c(1), c(2, 1), c(3), c(4, 1), c(5, 99)]);
    expect(threads.map((t) => [t.comment.id, t.replies.map((r) => r.id)])).toEqual([
      [1, [2, 4]],
      [3, []],
    ]);
  });
});
