// useLocalCopy: unsaved text kept in localStorage per post, offered back when it differs from the server's.
import { beforeEach, describe, expect, it } from 'vitest';
import { draftOf, textOf, type DraftText } from '../../web/features/editor/draft';
import { localCopyKey, useLocalCopy } from '../../web/features/editor/use-local-copy';
import { categories, dates, postFixture } from './editor-fixtures';
import { renderHook, run } from './render-hook';

const server = textOf(draftOf(postFixture(), categories, dates.zone));
const key = localCopyKey('field-notes');

beforeEach(() => localStorage.clear());

type Props = { text: DraftText; dirty: boolean };
const setup = (props: Props, k = key) => renderHook((p: Props) => useLocalCopy(k, p.text, server, p.dirty), props);
const stored = () => JSON.parse(localStorage.getItem(key) ?? 'null') as { text: DraftText } | null;

describe('useLocalCopy', () => {
  it('keys copies by post slug, or "new" for a post not yet saved', () => {
    expect(localCopyKey('field-notes')).toBe('byline:editor:field-notes');
    expect(localCopyKey(null)).toBe('byline:editor:new');
  });

  it('writes the text while it is unsaved and removes it once saved', async () => {
    const hook = await setup({ text: server, dirty: false });
    expect(stored()).toBeNull();
    await hook.rerender({ text: { ...server, body: 'Unsaved words' }, dirty: true });
    expect(stored()?.text.body).toBe('Unsaved words');
    await hook.rerender({ text: server, dirty: false });
    expect(stored()).toBeNull();
  });

  it('offers a stored copy that differs from the server text, and keeps it untouched until the author chooses', async () => {
    localStorage.setItem(key, JSON.stringify({ text: { ...server, body: 'Lost words' }, savedAt: '2026-01-02T00:00:00.000Z' }));
    const hook = await setup({ text: server, dirty: false });
    expect(hook.result.current.offer?.text.body).toBe('Lost words');
    expect(stored()?.text.body).toBe('Lost words');
    const restored = await run(() => hook.result.current.restore());
    expect(restored?.body).toBe('Lost words');
    expect(hook.result.current.offer).toBeNull();
  });

  it('discard forgets the copy; a copy equal to the server text is not offered and is removed', async () => {
    localStorage.setItem(key, JSON.stringify({ text: { ...server, body: 'Other' }, savedAt: 'x' }));
    const hook = await setup({ text: server, dirty: false });
    await run(() => hook.result.current.discard());
    expect(stored()).toBeNull();

    localStorage.setItem(key, JSON.stringify({ text: server, savedAt: 'x' }));
    const again = await setup({ text: server, dirty: false });
    expect(again.result.current.offer).toBeNull();
    expect(stored()).toBeNull();
  });

  it('ignores a copy it cannot read', async () => {
    localStorage.setItem(key, '{not json');
    const hook = await setup({ text: server, dirty: false });
    expect(hook.result.current.offer).toBeNull();
  });
});
