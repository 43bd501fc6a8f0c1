// The post rules per role as the editor asks them (contracts/post-permissions.ts), what each save sends,
// and the buttons a contributor and an editor get (product.md §15).
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { canEditPost, mayGiveStatus, mayPublish, seesUnpublishedPost } from '../../contracts/post-permissions';
import { postState, type PostState } from '../../contracts/post-status';
import { ROLE_ADMIN, ROLE_AUTHOR, ROLE_CONTRIBUTOR, ROLE_EDITOR } from '../../contracts/roles';
import { draftOf, inputFor, savedMessage } from '../../web/features/editor/draft';
import { PublishActions } from '../../web/features/editor/publish-actions';
import { categories, postFixture } from './editor-fixtures';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const [admin, editor, author, contributor] = [ROLE_ADMIN, ROLE_EDITOR, ROLE_AUTHOR, ROLE_CONTRIBUTOR].map((role) => ({ role }));

describe('who may change which post', () => {
  it('a contributor changes their own post while it is a draft or pending, never once published', () => {
    expect(canEditPost(contributor, { status: 'draft' }, true)).toBe(true);
    expect(canEditPost(contributor, { status: 'pending' }, true)).toBe(true);
    expect(canEditPost(contributor, { status: 'published' }, true)).toBe(false);
    expect(canEditPost(contributor, { status: 'draft' }, false)).toBe(false);
  });

  it('editors and admins change every post; an author their own, published or not', () => {
    for (const status of ['draft', 'pending', 'published'] as const) {
      expect(canEditPost(editor, { status }, false)).toBe(true);
      expect(canEditPost(admin, { status }, false)).toBe(true);
      expect(canEditPost(author, { status }, true)).toBe(true);
      expect(canEditPost(author, { status }, false)).toBe(false);
    }
    expect(canEditPost(null, { status: 'draft' }, true)).toBe(false);
  });

  it('only those who may publish give a post status published; anyone writing may send draft or pending', () => {
    expect([mayGiveStatus(contributor, 'draft'), mayGiveStatus(contributor, 'pending'), mayGiveStatus(contributor, 'published')]).toEqual([true, true, false]);
    expect([editor, author, admin].map((u) => mayGiveStatus(u, 'published'))).toEqual([true, true, true]);
    expect([mayPublish(contributor), mayPublish(author)]).toEqual([false, true]);
  });

  it('editors see drafts and pending posts of others; authors and contributors only their own', () => {
    expect(seesUnpublishedPost(editor, false)).toBe(true);
    expect(seesUnpublishedPost(author, false)).toBe(false);
    expect(seesUnpublishedPost(contributor, true)).toBe(true);
    expect(seesUnpublishedPost(null, false)).toBe(false);
  });
});

describe('saving for review', () => {
  it('"Submit for review" sends status pending; a pending post reads as pending and is announced so', () => {
    const post = postFixture({ status: 'pending', publishedAt: null });
    expect(postState(post)).toBe('pending');
    expect(inputFor('submit', draftOf(null, categories, 'UTC'), null, undefined, false)).toMatchObject({ status: 'pending' });
    expect(inputFor('draft', draftOf(post, categories, 'UTC'), post, undefined, false)).toMatchObject({ status: 'draft' });
    expect(savedMessage(post, String)).toMatch(/^Submitted for review/);
  });
});

function buttons(state: PostState, mayPublishPosts: boolean): string[] {
  const host = document.createElement('div');
  const root = createRoot(host);
  act(() => root.render(<PublishActions state={state} mayPublish={mayPublishPosts} running={null} disabled={false} onSave={() => {}} />));
  const labels = [...host.querySelectorAll('button')].map((b) => b.textContent ?? '');
  act(() => root.unmount());
  return labels;
}

describe('the editor’s buttons', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('a contributor saves a draft or submits it for review, and takes a pending one back to draft; nothing publishes', () => {
    expect(buttons('draft', false)).toEqual(['Save draft', 'Submit for review']);
    expect(buttons('pending', false)).toEqual(['Save', 'Back to draft']);
    expect(buttons('published', false)).toEqual([]);
  });

  it('an editor publishes or schedules a pending post', () => {
    expect(buttons('pending', true)).toEqual(['Publish now', 'Schedule', 'Save']);
    expect(buttons('draft', true)).toEqual(['Save draft', 'Publish now', 'Schedule']);
  });
});
