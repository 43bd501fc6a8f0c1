// The session check at start: 200 sets the user; 401 clears quietly; anything else is logged and clears.
// The page's boot data answers it when the server rendered the page for a visitor and no session can exist.
import { describe, expect, it, vi } from 'vitest';
import type { CurrentUser } from '../../contracts/roles';
import { createApiClients } from '../../web/lib/api-client';
import { hasSessionHint, SESSION_HINT_COOKIE } from '../../contracts/session-hint';
import { checkSession, createSessionStore, isLoggedIn, verifySession, type SessionState } from '../../web/lib/session';
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

describe('checkSession (the check at start, answered by the page when it can)', () => {
  it('a visitor page (boot user null) in a browser without the session hint: no request, checked, nothing logged', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { net, api, store } = setup({ user: null, checked: false }, { status: 401, json: { error: { code: 'unauthenticated', message: 'Sign in' } } });
    await checkSession(api.public, store, false);
    expect(store.get()).toEqual({ user: null, checked: true });
    expect(net.calls).toEqual([]);
    expect(error).not.toHaveBeenCalled();
  });

  it('a visitor page in a browser that holds the hint (e.g. a cached page after signing in): verifies and sets the user', async () => {
    const { net, api, store } = setup({ user: null, checked: false }, { status: 200, json: { user: alice } });
    await checkSession(api.public, store, true);
    expect(net.calls.map((c) => c.url)).toEqual(['/api/verify']);
    expect(store.get()).toEqual({ user: alice, checked: true });
  });

  it('a page rendered for a user verifies even without the hint (a session from before the hint existed)', async () => {
    const { net, api, store } = setup({ user: stale, checked: false }, { status: 401, json: { error: { code: 'unauthenticated', message: 'Sign in' } } });
    await checkSession(api.public, store, false);
    expect(net.calls.map((c) => c.url)).toEqual(['/api/verify']);
    expect(store.get()).toEqual({ user: null, checked: true });
  });

  it('a page rendered for a user with the hint: verifies, and a 500 is still logged and clears the user', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { api, store } = setup({ user: alice, checked: false }, 500);
    await checkSession(api.public, store, true);
    expect(store.get()).toEqual({ user: null, checked: true });
    expect(error).toHaveBeenCalledTimes(1);
  });
});

describe('hasSessionHint', () => {
  it('finds the hint cookie among others, and nothing else', () => {
    expect(hasSessionHint(`theme=dark; ${SESSION_HINT_COOKIE}=1`)).toBe(true);
    expect(hasSessionHint(`${SESSION_HINT_COOKIE}=1`)).toBe(true);
    expect(hasSessionHint('')).toBe(false);
    expect(hasSessionHint(`x${SESSION_HINT_COOKIE}=1; a=b`)).toBe(false);
    expect(hasSessionHint(`a=${SESSION_HINT_COOKIE}=1`)).toBe(false);
  });
});

describe('isLoggedIn', () => {
  it('is true when the user has a username, false otherwise', () => {
    expect(isLoggedIn(alice)).toBe(true);
    expect(isLoggedIn(null)).toBe(false);
    expect(isLoggedIn({ ...alice, username: null as unknown as string })).toBe(false);
  });
});
