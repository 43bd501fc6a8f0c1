// The rules behind the admin lists, apart from their screens: posts' quick actions, the featured list,
// tag rename/merge/delete, and the filtered lists' page links.
import { describe, expect, it } from 'vitest';
import type { PostAuthor } from '../../contracts/admin';
import { FEATURED_MAX } from '../../contracts/posts';
import type { Tag } from '../../contracts/tags';
import { pageHrefKeepingFilters } from '../../web/features/admin/admin-kit';
import { add, buttonAfterMove, cannotAdd, move, removeAt, sameOrder } from '../../web/features/admin/featured-list';
import { authorOptions, defaultScheduleAt, postActionError, scheduleTime } from '../../web/features/admin/post-actions';
import { bulkOutcome, sortHref, sortOf } from '../../web/features/admin/post-actions-bulk';
import type { PostSummary } from '../../contracts/posts';
import { deleteMessage, mergeTargets, renameInput, tagActionError } from '../../web/features/admin/tag-edit';
import { ApiError } from '../../web/lib/http';

const post = (slug: string) => ({ slug, title: slug.toUpperCase(), status: 'published' as const });
const tag = (slug: string, name: string, postCount = 0): Tag => ({ slug, name, postCount });

describe('admin posts: quick actions', () => {
  it('offers this time tomorrow, as a datetime-local value in the site’s zone', () => {
    const now = Date.parse('2026-01-31T09:05:00Z');
    expect(defaultScheduleAt(now, 'UTC')).toBe('2026-02-01T09:05');
    expect(defaultScheduleAt(now, 'Pacific/Auckland')).toBe('2026-02-01T22:05');
    expect(defaultScheduleAt(now, 'America/New_York')).toBe('2026-02-01T04:05');
  });

  it('accepts only a time in the future, read in the site’s zone', () => {
    const now = Date.parse('2026-06-01T12:00:00Z');
    expect(scheduleTime('2026-06-01T12:01', now, 'UTC')).toEqual({ at: new Date('2026-06-01T12:01:00Z') });
    // 14:01 in Berlin (summer) is 12:01 UTC; 13:59 there is already past.
    expect(scheduleTime('2026-06-01T14:01', now, 'Europe/Berlin')).toEqual({ at: new Date('2026-06-01T12:01:00Z') });
    expect(scheduleTime('2026-06-01T13:59', now, 'Europe/Berlin')).toEqual({ error: 'Choose a date and time in the future.' });
    for (const value of ['2026-06-01T12:00', '2025-01-01T00:00', '', 'soon']) {
      expect(scheduleTime(value, now, 'UTC')).toEqual({ error: 'Choose a date and time in the future.' });
    }
  });

  it('explains a stale version, passes other API messages on, and hides anything else', () => {
    expect(postActionError(new ApiError(409, 'conflict', 'Version conflict'), { title: 'T' })).toMatch(/“T” was changed elsewhere/);
    expect(postActionError(new ApiError(404, 'not_found', 'Post not found'), { title: 'T' })).toBe('Post not found');
    expect(postActionError(new Error('boom'), { title: 'T' })).toBe('Something went wrong.');
  });

  it('keeps an author named in the URL who is not in the list any more', () => {
    const authors: PostAuthor[] = [{ username: 'maya', name: 'Maya' } as PostAuthor];
    expect(authorOptions(authors, undefined)).toEqual([{ value: 'maya', label: 'Maya (@maya)' }]);
    expect(authorOptions(authors, 'maya')).toHaveLength(1);
    expect(authorOptions(authors, 'gone')[0]).toEqual({ value: 'gone', label: '@gone' });
  });
});

describe('featured list', () => {
  const list = [post('a'), post('b'), post('c')];

  it('moves within bounds and says where to', () => {
    expect(move(list, 0, 2)).toEqual({ items: [post('b'), post('c'), post('a')], announce: '“A” moved to position 3 of 3.' });
    expect(move(list, 0, -1)).toBeNull();
    expect(move(list, 2, 3)).toBeNull();
    expect(move(list, 1, 1)).toBeNull();
  });

  it('adds once, up to the limit, and removes', () => {
    expect(add(list, post('d'))).toEqual({ items: [...list, post('d')], announce: '“D” added at position 4.' });
    expect(cannotAdd(list, post('a'))).toBe('featured');
    expect(add(list, post('a'))).toBeNull();
    const full = Array.from({ length: FEATURED_MAX }, (_, i) => post(`p${i}`));
    expect(cannotAdd(full, post('new'))).toBe('full');
    expect(removeAt(list, 1)).toEqual({ items: [post('a'), post('c')], announce: '“B” removed.' });
    expect(removeAt(list, 5)).toBeNull();
  });

  it('compares order by slug', () => {
    expect(sameOrder(list, [...list])).toBe(true);
    expect(sameOrder(list, [post('b'), post('a'), post('c')])).toBe(false);
    expect(sameOrder(list, list.slice(0, 2))).toBe(false);
  });

  it('keeps focus on a Move button that is still enabled', () => {
    expect(buttonAfterMove(1, 3, 'up')).toBe('up');
    expect(buttonAfterMove(0, 3, 'up')).toBe('down');
    expect(buttonAfterMove(1, 3, 'down')).toBe('down');
    expect(buttonAfterMove(2, 3, 'down')).toBe('up');
  });
});

describe('tags', () => {
  const css = tag('css', 'CSS', 3);

  it('renames with only what changed, or nothing', () => {
    expect(renameInput(css, { name: 'CSS', slug: 'css' })).toBeNull();
    expect(renameInput(css, { name: ' Cascading ', slug: 'css' })).toEqual({ name: 'Cascading' });
    expect(renameInput(css, { name: 'CSS', slug: 'Style' })).toEqual({ slug: 'style' });
    expect(renameInput(css, { name: '', slug: '' })).toEqual({ name: '', slug: '' });
  });

  it('merges into any other tag, by name', () => {
    const tags = [tag('web', 'Web'), css, tag('accessibility', 'Accessibility')];
    expect(mergeTargets(tags, css).map((t) => t.slug)).toEqual(['accessibility', 'web']);
  });

  it('says what a delete removes, drafts counted', () => {
    expect(deleteMessage({ name: 'CSS', allPostCount: 4 })).toMatch(/from its 4 posts, drafts included/);
    expect(deleteMessage({ name: 'X', allPostCount: 1 })).toMatch(/its 1 post,/);
    expect(deleteMessage({ name: 'X', allPostCount: 0 })).toBe('“X” will be removed.');
  });

  it('names a tag gone meanwhile, shows a field error of a 409, and hides the unexpected', () => {
    expect(tagActionError(new ApiError(404, 'not_found', 'Not found'), css)).toBe('“CSS” no longer exists; the list has been refreshed.');
    expect(tagActionError(new ApiError(409, 'conflict', 'Taken', { slug: 'That slug is taken' }), css)).toBe('That slug is taken');
    expect(tagActionError(new ApiError(409, 'conflict', 'Taken'), css)).toBe('Taken');
    expect(tagActionError(new TypeError('x'), css)).toBe('Something went wrong; please try again.');
  });
});

describe('filtered list pages', () => {
  it('keeps the filters and sets or drops the page', () => {
    expect(pageHrefKeepingFilters('/admin/posts', '?status=draft&page=3', 2)).toBe('/admin/posts?status=draft&page=2');
    expect(pageHrefKeepingFilters('/admin/posts', '?status=draft&page=3', 1)).toBe('/admin/posts?status=draft');
    expect(pageHrefKeepingFilters('/admin/tags', '', 1)).toBe('/admin/tags');
  });
});

describe('admin posts: sorting and bulk results', () => {
  it('a heading sorts by its column in its first direction, the other way when it is the sort; page 1, filters kept', () => {
    expect(sortOf('')).toEqual({ sort: 'updated', dir: 'desc' });
    expect(sortOf('?sort=body&dir=up')).toEqual({ sort: 'updated', dir: 'desc' });
    expect(sortHref('/admin/posts', '?status=draft&page=3', 'title')).toBe('/admin/posts?status=draft&sort=title&dir=asc');
    expect(sortHref('/admin/posts', '?sort=title&dir=asc', 'title')).toBe('/admin/posts?sort=title&dir=desc');
    expect(sortHref('/admin/posts', '?sort=title&dir=desc', 'title')).toBe('/admin/posts?sort=title&dir=asc');
    expect(sortHref('/admin/posts', '', 'updated')).toBe('/admin/posts?sort=updated&dir=asc');
    expect(sortHref('/admin/posts', '?sort=title', 'updated')).toBe('/admin/posts?sort=updated&dir=desc');
  });

  it('says how many were done and names each refused post with its reason', () => {
    const posts = [post('a'), post('b'), post('c')] as unknown as PostSummary[];
    expect(bulkOutcome('publish', { results: [{ slug: 'a', ok: true }, { slug: 'b', ok: true }] }, posts)).toMatchObject({
      kind: 'ok',
      text: '2 posts published.',
      failures: [],
    });
    expect(bulkOutcome('move', { results: [{ slug: 'a', ok: true }] }, posts, 'Travel').text).toBe('1 post moved to Travel.');
    const mixed = bulkOutcome(
      'publish',
      {
        results: [
          { slug: 'a', ok: false, error: { code: 'conflict', message: 'stale' } },
          { slug: 'b', ok: true },
          { slug: 'c', ok: false, error: { code: 'validation_failed', message: 'Some fields need attention', fields: { body: 'Write something before publishing' } } },
        ],
      },
      posts,
    );
    expect(mixed).toEqual({
      kind: 'error',
      text: '1 of 3 posts published; 2 were not:',
      failures: ['“A” was changed elsewhere; the list has been refreshed, try again.', '“C”: Write something before publishing.'],
      refused: ['a', 'c'],
    });
    expect(bulkOutcome('delete', { results: [{ slug: 'gone', ok: false, error: { code: 'not_found', message: 'No such post' } }] }, posts)).toMatchObject({
      text: 'No post was deleted:',
      failures: ['“gone” no longer exists.'],
    });
  });
});
