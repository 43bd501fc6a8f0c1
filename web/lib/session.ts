// The signed-in user as the client holds it, and the one check at start.
import { createContext, useContext, useSyncExternalStore } from 'react';
import type { CurrentUser } from '../../contracts/roles';
import { fetchCurrentUser } from './auth-api';
import type { HttpClient } from './http';
import { ApiError } from './http';

export interface SessionState {
  user: CurrentUser | null;
  /** True once the check at start has answered, whatever it answered. */
  checked: boolean;
}

export interface SessionStore {
  get(): SessionState;
  setUser(user: CurrentUser | null): void;
  markChecked(): void;
  subscribe(listener: () => void): () => void;
}

export function createSessionStore(initial: SessionState): SessionStore {
  let state = initial;
  const listeners = new Set<() => void>();
  const set = (next: SessionState) => {
    state = next;
    for (const l of listeners) l();
  };
  return {
    get: () => state,
    setUser: (user) => set({ ...state, user }),
    markChecked: () => set({ ...state, checked: true }),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** A user counts as logged in when they have a username. */
export const isLoggedIn = (user: CurrentUser | null): user is CurrentUser => user?.username != null;

/**
 * GET /api/verify once: a user sets it; 401 clears it; any other failure is logged and clears it too.
 * The check is marked done in every case.
 */
export async function verifySession(api: HttpClient, store: SessionStore): Promise<void> {
  try {
    const { user } = await fetchCurrentUser(api);
    store.setUser(user);
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 401)) console.error('Session verification failed', error);
    store.setUser(null);
  } finally {
    store.markChecked();
  }
}

/**
 * The check at start, answered by the page itself when it can: a page the server
 * rendered for a visitor (`user` null in its boot data) in a browser that holds no session cookie
 * (`sessionHinted` false: no hint cookie, contracts/session-hint.ts) has nothing to verify, so no request
 * is made and no 401 is logged. Everywhere else — a user in the boot data, or a hint that a session may
 * exist (e.g. a visitor's page served from a cache to a browser that has since signed in) — it asks
 * GET /api/verify as verifySession does.
 */
export async function checkSession(api: HttpClient, store: SessionStore, sessionHinted: boolean): Promise<void> {
  if (!sessionHinted && store.get().user === null) {
    store.markChecked();
    return;
  }
  await verifySession(api, store);
}

export const SessionContext = createContext<SessionStore | null>(null);

export function useSessionStore(): SessionStore {
  const store = useContext(SessionContext);
  if (!store) throw new Error('SessionContext is missing');
  return store;
}

export function useSession(): SessionState {
  const store = useSessionStore();
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}
