// usePostActions (the admin posts list's quick actions), rendered in happy-dom under a memory router with the
// real API client over a fake network: what each action sends, what it says, and a schedule in the past
// refused before any call.
// @vitest-environment happy-dom
import { act, type FormEvent } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { PostSummary } from '../../contracts/posts';
import { usePostActions } from '../../web/features/admin/use-post-actions';
import type { Scripted } from './fake-fetch';
import { cleanup, renderHook, settle } from './render-in-router';

const post = { slug: 'hello', title: 'Hello', version: 3, status: 'draft', publishedAt: null } as unknown as PostSummary;
const submitEvent = { preventDefault: () => {} } as FormEvent;

afterEach(cleanup);

function render(...script: Scripted[]) {
  const { net, current: actions } = renderHook(usePostActions, ...script);
  return { net, actions, settle };
}

describe('usePostActions', () => {
  it('Publish sends the status with the version it saw, and says so', async () => {
    const { net, actions, settle } = render(204);
    await settle();
    act(() => actions().publish(post));
    await settle();
    expect(net.calls.map((c) => `${c.init.method} ${c.url}`)).toEqual(['PATCH /api/admin/posts/hello']);
    expect(JSON.parse(String(net.calls[0]!.init.body))).toEqual({ status: 'published', publishedAt: null, version: 3 });
    expect(actions().flash).toEqual({ kind: 'ok', text: '“Hello” is published.' });
    expect(actions().busy).toBeNull();
  });

  it('a stale version (409) is explained', async () => {
    const { actions, settle } = render({ status: 409, json: { error: { code: 'conflict', message: 'Version conflict' } } });
    await settle();
    act(() => actions().unpublish(post));
    await settle();
    expect(actions().flash?.kind).toBe('error');
    expect(actions().flash?.text).toMatch(/“Hello” was changed elsewhere/);
  });

  it('a schedule in the past is refused without a call; one in the future is sent as an ISO time', async () => {
    const { net, actions, settle } = render(204);
    await settle();
    act(() => actions().startSchedule(post));
    act(() => actions().setScheduleAt('2000-01-01T10:00'));
    act(() => actions().submitSchedule(submitEvent));
    expect(net.calls).toHaveLength(0);
    expect(actions().flash).toEqual({ kind: 'error', text: 'Choose a date and time in the future.' });
    expect(actions().scheduling).not.toBeNull();

    act(() => actions().setScheduleAt('2999-01-01T10:00'));
    act(() => actions().submitSchedule(submitEvent));
    await settle();
    expect(actions().scheduling).toBeNull();
    const body = JSON.parse(String(net.calls[0]!.init.body)) as { publishedAt: string };
    expect(body.publishedAt).toBe(new Date('2999-01-01T10:00').toISOString());
    expect(actions().flash).toEqual({ kind: 'ok', text: '“Hello” is scheduled.' });
  });

  it('Delete asks first, then deletes', async () => {
    const { net, actions, settle } = render(204);
    await settle();
    act(() => actions().askDelete(post));
    expect(actions().deleting).toBe(post);
    expect(net.calls).toHaveLength(0);
    act(() => actions().confirmDelete());
    await settle();
    expect(net.calls.map((c) => `${c.init.method} ${c.url}`)).toEqual(['DELETE /api/admin/posts/hello']);
    expect(actions().deleting).toBeNull();
    expect(actions().flash).toEqual({ kind: 'ok', text: '“Hello” is deleted.' });
  });
});
