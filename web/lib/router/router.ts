// The browser's data router: the address, the matched routes, their loaders' data and errors, and the
// navigation in progress, kept in step with the browser's history. It does what React Router's
// createBrowserRouter does for this app (docs/decisions/073): run the loaders a navigation needs (the
// same revalidation rules), follow redirects, put an error at the nearest error element, revalidate on
// request, let a blocker hold a navigation, and start from the server's data without running a loader.
import { matchRoutes, toDataRoutes, type DataRoute, type Match, type Route } from './match-routes';
import { redirectTarget, revivedError, toRouteError, DataWithInit, ErrorResponse } from './responses';

export interface Location {
  pathname: string;
  search: string;
  hash: string;
  state: unknown;
  key: string;
}

export interface RouterState {
  location: Location;
  matches: Match[];
  loaderData: Record<string, unknown>;
  errors: Record<string, unknown> | null;
  navigation: { state: 'idle' | 'loading'; location?: Location };
  revalidation: 'idle' | 'loading';
}

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

type BlockerFunction = (args: { currentLocation: Location; nextLocation: Location; historyAction: string }) => boolean;
export interface Blocker {
  state: 'unblocked' | 'blocked' | 'proceeding';
  location?: Location;
  proceed: () => void;
  reset: () => void;
}
const UNBLOCKED: Blocker = { state: 'unblocked', proceed: () => undefined, reset: () => undefined };

interface HydrationData {
  loaderData?: Record<string, unknown>;
  errors?: Record<string, unknown> | null;
}

interface HistoryEntry {
  usr: unknown;
  key: string;
  idx: number;
}

const newKey = () => Math.random().toString(36).slice(2, 10);
const pathOf = (l: Pick<Location, 'pathname' | 'search' | 'hash'>) => l.pathname + l.search + l.hash;
const urlOf = (l: Location) => new URL(pathOf(l), window.location.origin);

function locationOf(to: string, state: unknown, key = newKey()): Location {
  const url = new URL(to, window.location.href);
  return { pathname: url.pathname, search: url.search, hash: url.hash, state, key };
}

/** Resolves a route's lazily loaded parts onto it, once; what the route defines itself stays. */
function resolveLazy(route: DataRoute): Promise<void> | undefined {
  const load = route.lazy;
  if (!load) return undefined;
  const pending = ((route as { pending?: Promise<void> }).pending ??= load().then((parts) => {
    const fields = route as unknown as Record<string, unknown>;
    for (const [name, value] of Object.entries(parts)) if (fields[name] === undefined) fields[name] = value;
    delete route.lazy;
  }));
  return pending;
}

/** The index of the route that shows an error thrown at `index`: the nearest with an error element. */
function boundaryOf(matches: Match[], index: number): number {
  for (let i = index; i >= 0; i--) if (matches[i]!.route.errorElement !== undefined) return i;
  return 0;
}

/** A move within the page (React Router's rule): same path and query, to a hash, runs no loader. */
function isHashChangeOnly(a: Location, b: Location): boolean {
  if (a.pathname !== b.pathname || a.search !== b.search) return false;
  return a.hash === '' ? b.hash !== '' : a.hash === b.hash || b.hash !== '';
}

/** Whether a navigation from `current` to `next` runs this route's loader again (React Router's rules). */
function mustLoad(match: Match, i: number, current: RouterState, nextUrl: URL, forced: boolean): boolean {
  const before = current.matches[i];
  if (!before || before.route.id !== match.route.id || !(match.route.id in current.loaderData)) return true;
  const currentUrl = urlOf(current.location);
  const defaultShouldRevalidate =
    forced ||
    currentUrl.pathname + currentUrl.search === nextUrl.pathname + nextUrl.search ||
    currentUrl.search !== nextUrl.search ||
    before.pathname !== match.pathname ||
    (before.route.path?.endsWith('*') === true && before.params['*'] !== match.params['*']);
  const should = match.route.shouldRevalidate;
  return should ? should({ currentUrl, nextUrl, currentParams: before.params, nextParams: match.params, defaultShouldRevalidate }) : defaultShouldRevalidate;
}

type Outcome = { redirect: string } | { value: unknown } | { error: unknown };

async function runLoader(match: Match, request: Request): Promise<Outcome> {
  try {
    const value = await match.route.loader!({ request, params: match.params });
    const to = redirectTarget(value);
    if (to) return { redirect: to };
    return { value: value instanceof DataWithInit ? value.data : value };
  } catch (thrown) {
    const to = redirectTarget(thrown);
    return to ? { redirect: to } : { error: toRouteError(thrown) };
  }
}

export function createRouter(routeObjects: Route[], hydration: HydrationData = {}) {
  const routes = toDataRoutes(routeObjects);
  const listeners = new Set<(state: RouterState) => void>();
  const blockers = new Map<string, { fn: BlockerFunction; blocker: Blocker }>();
  let historyIndex = (window.history.state as HistoryEntry | null)?.idx ?? 0;
  let navigationId = 0;
  let revalidationRequired = false;
  let skipPop = false;

  const first = locationOf(window.location.href, (window.history.state as HistoryEntry | null)?.usr ?? null, 'default');
  window.history.replaceState({ usr: first.state, key: first.key, idx: historyIndex } satisfies HistoryEntry, '');
  const errors = hydration.errors ? Object.fromEntries(Object.entries(hydration.errors).map(([id, e]) => [id, revivedError(e)])) : null;
  let state: RouterState = {
    location: first,
    matches: matchRoutes(routes, first.pathname) ?? [],
    loaderData: hydration.loaderData ?? {},
    errors,
    navigation: { state: 'idle' },
    revalidation: 'idle',
  };

  const update = (next: Partial<RouterState>) => {
    state = { ...state, ...next };
    for (const listener of listeners) listener(state);
  };

  const setBlocker = (key: string, blocker: Blocker) => {
    const entry = blockers.get(key);
    if (entry) entry.blocker = blocker;
    update({});
  };

  /** A blocker that wants to hold this navigation, as [key, its function], if any does. */
  const holdingBlocker = (next: Location, historyAction: string) =>
    [...blockers].find(([, { fn }]) => fn({ currentLocation: state.location, nextLocation: next, historyAction }));

  let pending: { next: Location; action: 'push' | 'replace' | 'pop' } | null = null;

  async function load(next: Location, action: 'push' | 'replace' | 'pop'): Promise<void> {
    const id = ++navigationId;
    pending = { next, action };
    const all = revalidationRequired;
    if (!all && isHashChangeOnly(state.location, next)) return commit(next, action, state.matches, state.loaderData, state.errors);
    const matches = matchRoutes(routes, next.pathname);
    if (!matches) return commit(next, action, [], {}, { [routes[0]!.id]: new ErrorResponse(404, 'Not Found', null) });
    const revalidating = next === state.location;
    update(revalidating ? { revalidation: 'loading' } : { navigation: { state: 'loading', location: next } });
    await Promise.all(matches.map((m) => resolveLazy(m.route)));
    const nextUrl = urlOf(next);
    const request = new Request(nextUrl.href);
    const outcomes = await Promise.all(
      matches.map((m, i) => (m.route.loader && mustLoad(m, i, state, nextUrl, all) ? runLoader(m, request) : undefined)),
    );
    if (id !== navigationId) return;
    revalidationRequired = false;
    const redirected = outcomes.find((o): o is { redirect: string } => o !== undefined && 'redirect' in o);
    if (redirected) return follow(redirected.redirect, action === 'replace' || revalidating ? 'replace' : 'push');
    // An error shows at the nearest error element above it; the routes below that element keep no data.
    let shown = matches.length;
    let nextErrors: Record<string, unknown> | null = null;
    outcomes.forEach((o, i) => {
      if (!o || !('error' in o) || i >= shown) return;
      shown = boundaryOf(matches, i);
      nextErrors = { [matches[shown]!.route.id]: o.error };
    });
    const loaderData: Record<string, unknown> = {};
    matches.forEach((m, i) => {
      const o = outcomes[i];
      if (i > shown) return;
      if (o && 'value' in o) loaderData[m.route.id] = o.value;
      else if (!o && m.route.id in state.loaderData) loaderData[m.route.id] = state.loaderData[m.route.id];
    });
    return commit(next, revalidating ? 'pop' : action, matches, loaderData, nextErrors);
  }

  function follow(to: string, action: 'push' | 'replace'): Promise<void> {
    const url = new URL(to, window.location.href);
    if (url.origin !== window.location.origin) {
      window.location.assign(url.href);
      return Promise.resolve();
    }
    return load(locationOf(to, null), action);
  }

  function commit(next: Location, action: 'push' | 'replace' | 'pop', matches: Match[], loaderData: Record<string, unknown>, nextErrors: Record<string, unknown> | null) {
    if (action !== 'pop') {
      if (action === 'push') historyIndex++;
      const entry: HistoryEntry = { usr: next.state, key: next.key, idx: historyIndex };
      window.history[action === 'push' ? 'pushState' : 'replaceState'](entry, '', pathOf(next));
    }
    update({ location: next, matches, loaderData, errors: nextErrors, navigation: { state: 'idle' }, revalidation: 'idle' });
  }

  function navigate(to: string | number, opts: NavigateOptions = {}): Promise<void> {
    if (typeof to === 'number') {
      window.history.go(to);
      return Promise.resolve();
    }
    const next = locationOf(to, opts.state ?? null);
    const action = opts.replace ? 'replace' : 'push';
    const holding = holdingBlocker(next, action.toUpperCase());
    if (holding) {
      const [key] = holding;
      setBlocker(key, {
        state: 'blocked',
        location: next,
        proceed: () => {
          setBlocker(key, { ...UNBLOCKED, state: 'proceeding', location: next });
          void load(next, action).then(() => setBlocker(key, UNBLOCKED));
        },
        reset: () => setBlocker(key, UNBLOCKED),
      });
      return Promise.resolve();
    }
    return load(next, action);
  }

  function onPop() {
    const entry = window.history.state as HistoryEntry | null;
    const delta = (entry?.idx ?? 0) - historyIndex;
    historyIndex = entry?.idx ?? 0;
    const next = locationOf(window.location.href, entry?.usr ?? null, entry?.key ?? newKey());
    if (skipPop) {
      skipPop = false;
      return;
    }
    const holding = delta !== 0 ? holdingBlocker(next, 'POP') : undefined;
    if (holding) {
      // The browser has already moved: step back to where the blocker stands, and ask.
      const [key] = holding;
      skipPop = true;
      window.history.go(-delta);
      setBlocker(key, {
        state: 'blocked',
        location: next,
        proceed: () => {
          setBlocker(key, UNBLOCKED);
          window.history.go(delta);
        },
        reset: () => setBlocker(key, UNBLOCKED),
      });
      return;
    }
    void load(next, 'pop');
  }
  window.addEventListener('popstate', onPop);

  return {
    get state() {
      return state;
    },
    routes,
    /** Resolves the lazy routes of the first page, which must be whole before hydrating it. */
    initialize: () => Promise.all(state.matches.map((m) => resolveLazy(m.route))),
    subscribe(listener: (state: RouterState) => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    navigate,
    /** Runs every loader of the current page again (React Router's revalidate()), or flags the navigation under way. */
    revalidate(): Promise<void> {
      revalidationRequired = true;
      // A navigation under way starts again, now running every loader.
      return state.navigation.state !== 'idle' && pending ? load(pending.next, pending.action) : load(state.location, 'pop');
    },
    getBlocker(key: string, fn: BlockerFunction): Blocker {
      const entry = blockers.get(key);
      if (entry) entry.fn = fn;
      else blockers.set(key, { fn, blocker: UNBLOCKED });
      return blockers.get(key)!.blocker;
    },
    deleteBlocker: (key: string) => void blockers.delete(key),
  };
}

export type Router = ReturnType<typeof createRouter>;
