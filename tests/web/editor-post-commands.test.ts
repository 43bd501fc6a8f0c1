// usePostCommands: restoring a revision (with the version held; a stale one changes nothing) and deleting,
// each only after the author confirmed.
import { describe, expect, it } from 'vitest';
import type { Post } from '../../contracts/posts';
import { createApiClients } from '../../web/lib/api-client';
import { useFormFeedback } from '../../web/lib/use-form-submit';
import { STALE_RESTORE, usePostCommands } from '../../web/features/editor/use-post-commands';
import { usePostDraft } from '../../web/features/editor/use-post-draft';
import { fakeFetch, type Scripted } from './fake-fetch';
import { categories, dates, postFixture, sentJson } from './editor-fixtures';
import { renderHook, run } from './render-hook';

const revision = { id: 41, version: 2, title: 'Older', createdAt: '2026-01-01T00:00:00.000Z', author: { username: 'ada', name: 'Ada' } };

async function setup(...script: Scripted[]) {
  const net = fakeFetch(...script);
  const api = createApiClients({ fetch: net.fetch, navigate: () => undefined });
  const events: string[] = [];
  const hook = await renderHook(() => {
    const doc = usePostDraft(postFixture(), categories, dates.zone);
    const form = useFormFeedback();
    const commands = usePostCommands({
      api,
      doc,
      form,
      onDeleted: (p: Post) => events.push(`deleted ${p.slug}`),
      onRestored: () => events.push('restored'),
    });
    return { doc, form, commands };
  });
  return { ...hook, net, events };
}

describe('usePostCommands', () => {
  it('restores a revision after confirmation, with the version held, and loads the restored post', async () => {
    const restored = postFixture({ version: 4, body: 'Older body', title: 'Older' });
    const { result, net, events } = await setup({ status: 200, json: { post: restored } });
    await run(() => result.current.doc.set('body', 'Unsaved'));
    await run(() => result.current.commands.ask({ kind: 'restore', revision }));
    expect(net.calls).toHaveLength(0);
    expect(result.current.commands.confirming).toEqual({ kind: 'restore', revision });
    await run(() => result.current.commands.confirm());
    expect(net.calls[0]).toMatchObject({ url: '/api/posts/field-notes/revisions/41/restore', init: { method: 'POST' } });
    expect(sentJson(net.calls[0]!.init)).toEqual({ version: 3 });
    expect(result.current.doc.draft.body).toBe('Older body');
    expect(result.current.doc.post?.version).toBe(4);
    expect(result.current.doc.dirty).toBe(false);
    expect(result.current.form.feedback).toEqual({ kind: 'ok', text: 'Restored version 2; it is now version 4.' });
    expect(result.current.commands.confirming).toBeNull();
    expect(events).toEqual(['restored']);
  });

  it('a stale restore (409) changes nothing and says so', async () => {
    const { result, events } = await setup({ status: 409, json: { error: { code: 'conflict', message: 'stale' } } });
    await run(() => result.current.doc.set('body', 'Unsaved'));
    await run(() => result.current.commands.ask({ kind: 'restore', revision }));
    await run(() => result.current.commands.confirm());
    expect(result.current.doc.draft.body).toBe('Unsaved');
    expect(result.current.form.feedback).toMatchObject({ kind: 'error', text: STALE_RESTORE });
    expect(events).toEqual([]);
  });

  it('deletes after confirmation; cancel sends nothing', async () => {
    const { result, net, events } = await setup(204);
    await run(() => result.current.commands.ask({ kind: 'delete' }));
    await run(() => result.current.commands.cancel());
    await run(() => result.current.commands.confirm());
    expect(net.calls).toHaveLength(0);
    await run(() => result.current.commands.ask({ kind: 'delete' }));
    await run(() => result.current.commands.confirm());
    expect(net.calls[0]).toMatchObject({ url: '/api/posts/field-notes', init: { method: 'DELETE' } });
    expect(events).toEqual(['deleted field-notes']);
  });
});
