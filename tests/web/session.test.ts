// The session check at start (seed-spec §4): 200 sets the user; 401 clears quietly; anything else is logged and clears.
import { describe, expect, it, vi } from 'vitest';
import type { CurrentUser } from '../../contracts/roles';
import { createApiClients } from '../../web/lib/api-client';
import { createSessionStore, isLoggedIn, verifySession, type SessionState } from '../../web/lib/session';
import { fakeFetch } from './fake-fetch';

const alice: CurrentUser = { name: 'Alice', username: 'alice', bio: 'Writes things', image: null, role: 1 };
const stale: CurrentUser = { name: 'Old', username: 'old', bio: '', image: null, role: 0 };

function setup(initial: SessionState, ...script: Parameters<typeof fakeFetch>) {
  const net = fakeFetch(...script);
  const navigations: string[] = [];
  const api = createApiClients({ fetch: net.fetch, navigate: (p) => navigations.push(p) });
  const store = createSessionStore(initial);
  return { net, api, store, navigations };
}

describe('verifySession', () => {
  it('200: sets the user and marks checked, logging nothing', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { net, api, store } = setup({ user: null, checked: false }, { status: 200, json: { user: alice } });
    await verifySession(api.public, store);
    expect(store.get()).toEqual({ user: alice, checked: true });
    expect(net.calls).toHaveLength(1);
    expect(net.calls[0]!.url).toBe('/api/verify');
    expect(net.calls[0]!.init.method).toBe('GET');
    expect(net.calls[0]!.init.credentials).toBe('include');
    expect(error).not.toHaveBeenCalled();
  });

  it('401: clears the user, marks checked and logs nothing', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { api, store, navigations } = setup(
      { user: stale, checked: false },
      { status: 401, json: { error: { code: 'unauthenticated', message: 'Sign in' } } },
    );
    await verifySession(api.public, store);
    expect(store.get()).toEqual({ user: null, checked: true });
    expect(error).not.toHaveBeenCalled();
    expect(navigations).toEqual([]);
  });

  it('500: logs to console.error, clears the user and marks checked', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { net, api, store } = setup({ user: stale, checked: false }, 500);
    await expect(verifySession(api.public, store)).resolves.toBeUndefined();
    expect(store.get()).toEqual({ user: null, checked: true });
    expect(error).toHaveBeenCalledTimes(1);
    expect(net.calls).toHaveLength(2); // a GET on 500 is retried once first
  });

  it('network failure: logs to console.error, clears the user and marks checked', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { api, store } = setup({ user: stale, checked: false }, new TypeError('Failed to fetch'));
    await expect(verifySession(api.public, store)).resolves.toBeUndefined();
    expect(store.get()).toEqual({ user: null, checked: true });
    expect(error).toHaveBeenCalledTimes(1);
  });

  it('notifies subscribers when the check answers', async () => {
    const { api, store } = setup({ user: null, checked: false }, { status: 200, json: { user: alice } });
    const seen: SessionState[] = [];
    store.subscribe(() => seen.push(store.get()));
    await verifySession(api.public, store);
    expect(seen.at(-1)).toEqual({ user: alice, checked: true });
  });
});

describe('isLoggedIn', () => {
  it('is true when the user has a username, false otherwise', () => {
    expect(isLoggedIn(alice)).toBe(true);
    expect(isLoggedIn(null)).toBe(false);
    expect(isLoggedIn({ ...alice, username: null as unknown as string })).toBe(false);
  });
});
