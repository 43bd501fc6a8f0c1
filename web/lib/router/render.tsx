// The route tree on screen: each matched route's component inside its context (its data, its outlet),
// an error at its boundary's error element, and the hooks the pages read the router through.
import { Component, createContext, useContext, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { Match } from './match-routes';
import type { Blocker, NavigateOptions, Router, RouterState } from './router';

const RouterContext = createContext<{ router: Router; state: RouterState } | null>(null);
const RouteContext = createContext<{ match: Match | null; outlet: ReactNode }>({ match: null, outlet: null });
const RouteErrorContext = createContext<unknown>(undefined);

function useRouter() {
  const context = useContext(RouterContext);
  if (!context) throw new Error('A router hook was used outside RouterProvider');
  return context;
}

/** Shows the route's error element when its own render throws, until the address changes. */
class RenderErrorBoundary extends Component<{ errorElement: ReactNode; location: unknown; children: ReactNode }, { error: unknown; location: unknown }> {
  override state = { error: undefined as unknown, location: this.props.location };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  static getDerivedStateFromProps(props: { location: unknown }, state: { error: unknown; location: unknown }) {
    return props.location !== state.location ? { error: undefined, location: props.location } : null;
  }
  override render() {
    return this.state.error === undefined ? this.props.children : <RouteErrorContext.Provider value={this.state.error}>{this.props.errorElement}</RouteErrorContext.Provider>;
  }
}

function renderMatches(state: RouterState): ReactNode {
  const { matches, errors } = state;
  const boundary = errors ? matches.findIndex((m) => m.route.id in errors) : -1;
  const shown = boundary >= 0 ? matches.slice(0, boundary + 1) : matches;
  return shown.reduceRight<ReactNode>((outlet, match, i) => {
    const { route } = match;
    const page = route.Component ? <route.Component /> : route.element !== undefined ? route.element : <Outlet />;
    const element =
      i === boundary ? <RouteErrorContext.Provider value={errors![route.id]}>{route.errorElement}</RouteErrorContext.Provider> : page;
    const guarded =
      route.errorElement !== undefined && i !== boundary ? (
        <RenderErrorBoundary errorElement={route.errorElement} location={state.location}>
          {element}
        </RenderErrorBoundary>
      ) : (
        element
      );
    return <RouteContext.Provider value={{ match, outlet }}>{guarded}</RouteContext.Provider>;
  }, null);
}

export function RouterProvider({ router }: { router: Router }) {
  const [state, setState] = useState(router.state);
  useLayoutEffect(() => router.subscribe(setState), [router]);
  return <RouterContext.Provider value={{ router, state }}>{renderMatches(state)}</RouterContext.Provider>;
}

export function Outlet() {
  return <>{useContext(RouteContext).outlet}</>;
}

export const useLocation = () => useRouter().state.location;
export const useNavigation = () => useRouter().state.navigation;
export const useRouteError = () => useContext(RouteErrorContext);
export const useRouteLoaderData = (id: string): unknown => useRouter().state.loaderData[id];

export function useLoaderData(): unknown {
  const { match } = useContext(RouteContext);
  return useRouter().state.loaderData[match?.route.id ?? ''];
}

export function useMatches() {
  const { matches, loaderData } = useRouter().state;
  return useMemo(
    () => matches.map(({ route, params, pathname }) => ({ id: route.id, pathname, params, handle: route.handle, data: loaderData[route.id], loaderData: loaderData[route.id] })),
    [matches, loaderData],
  );
}

export function useNavigate() {
  const { router } = useRouter();
  return useMemo(() => (to: string | number, opts?: NavigateOptions) => void router.navigate(to, opts), [router]);
}

export function useSearchParams(): [URLSearchParams, (next: URLSearchParams | Record<string, string>, opts?: NavigateOptions) => void] {
  const { router, state } = useRouter();
  const { search } = state.location;
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const set = (next: URLSearchParams | Record<string, string>, opts?: NavigateOptions) => void router.navigate(`?${new URLSearchParams(next).toString()}`, opts);
  return [params, set];
}

export function useRevalidator() {
  const { router, state } = useRouter();
  return useMemo(() => ({ state: state.revalidation, revalidate: () => router.revalidate() }), [router, state.revalidation]);
}

let blockerCount = 0;
export function useBlocker(shouldBlock: Parameters<Router['getBlocker']>[1]): Blocker {
  const { router } = useRouter();
  const key = useRef('');
  if (!key.current) key.current = String(++blockerCount);
  useEffect(() => () => router.deleteBlocker(key.current), [router]);
  return router.getBlocker(key.current, shouldBlock);
}
