// /admin/comments' bulk action acts only on what the moderator can see ticked (web/features/admin/use-comment-actions.ts).
import { describe, expect, it } from 'vitest';
import type { AdminComment } from '../../contracts/comments';
import { selectedOn } from '../../web/features/admin/use-comment-actions';

const comment = (id: number) => ({ id }) as AdminComment;

describe('the comments a bulk action acts on', () => {
  it('are the ticked ones still on this page, in its order', () => {
    const selection = { search: '?status=pending', ids: new Set([3, 1, 9]) };
    expect(selectedOn([comment(1), comment(2), comment(3)], selection, '?status=pending')).toEqual([1, 3]);
  });

  it('are none after moving to another tab, filter or page', () => {
    const selection = { search: '?status=pending', ids: new Set([1, 2]) };
    expect(selectedOn([comment(1), comment(2)], selection, '?status=approved')).toEqual([]);
  });
});
