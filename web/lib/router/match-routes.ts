// Which routes an address renders, root first: React Router's matching for the patterns the route table
// uses (fixed segments, `:name`, a final `*`; pathless layouts; index routes), ranked as it ranks them.
import type { ComponentType, ReactNode } from 'react';

export type Params = Record<string, string | undefined>;

export interface LoaderArgs {
  request: Request;
  params: Params;
  context?: unknown;
}

export interface RevalidateArgs {
  currentUrl: URL;
  nextUrl: URL;
  currentParams: Params;
  nextParams: Params;
  defaultShouldRevalidate: boolean;
}

/** A route as web/app/routes.tsx builds it (React Router's RouteObject, the parts this app uses). */
export interface Route {
  id?: string;
  path?: string;
  index?: boolean;
  children?: Route[];
  loader?: (args: LoaderArgs) => unknown;
  lazy?: () => Promise<Partial<Route>>;
  Component?: ComponentType | null;
  element?: ReactNode;
  errorElement?: ReactNode;
  handle?: unknown;
  shouldRevalidate?: (args: RevalidateArgs) => boolean;
}

/** A route given its id, as React Router names routes without one: their place in the tree ("0-1-2"). */
export type DataRoute = Route & { id: string; children?: DataRoute[] };

export interface Match {
  route: DataRoute;
  params: Params;
  /** The part of the address this route and its ancestors matched. */
  pathname: string;
}

export function toDataRoutes(routes: Route[], parent: string[] = []): DataRoute[] {
  return routes.map((route, i) => {
    const place = [...parent, String(i)];
    const id = route.id ?? place.join('-');
    const dataRoute = Object.assign(route, { id }) as DataRoute;
    if (route.children) dataRoute.children = toDataRoutes(route.children, place);
    return dataRoute;
  });
}

interface Branch {
  routes: DataRoute[];
  segments: string[];
  score: number;
}

const segmentsOf = (path: string): string[] => path.split('/').filter(Boolean);

// React Router's ranking: a fixed segment 10, a `:param` 3, a `*` −2, an index route +2, plus the count.
function scoreOf(segments: string[], index: boolean): number {
  let score = segments.length + (index ? 2 : 0);
  for (const s of segments) score += s === '*' ? -2 : s.startsWith(':') ? 3 : 10;
  return score;
}

function branchesOf(routes: DataRoute[], parents: DataRoute[] = [], parentSegments: string[] = [], out: Branch[] = []): Branch[] {
  for (const route of routes) {
    const segments = [...parentSegments, ...segmentsOf(route.path ?? '')];
    const chain = [...parents, route];
    if (route.children?.length) branchesOf(route.children, chain, segments, out);
    else out.push({ routes: chain, segments, score: scoreOf(segments, route.index === true) });
  }
  return out;
}

/** A path value decoded, or as it is when its percent-encoding is broken (React Router's rule: still a match). */
function decoded(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

const branchCache = new WeakMap<DataRoute[], Branch[]>();

function matchBranch(branch: Branch, got: string[]): Params | null {
  const params: Params = {};
  for (let i = 0; i < branch.segments.length; i++) {
    const want = branch.segments[i]!;
    if (want === '*') {
      params['*'] = got.slice(i).map(decoded).join('/');
      return params;
    }
    const value = got[i];
    if (value === undefined) return null;
    if (want.startsWith(':')) params[want.slice(1)] = decoded(value);
    else if (want.toLowerCase() !== value.toLowerCase()) return null;
  }
  return got.length === branch.segments.length ? params : null;
}

/** The matches of the best-ranked branch for `pathname`, root first, or null when no route matches. */
export function matchRoutes(routes: DataRoute[], pathname: string): Match[] | null {
  let branches = branchCache.get(routes);
  if (!branches) {
    branches = branchesOf(routes).sort((a, b) => b.score - a.score);
    branchCache.set(routes, branches);
  }
  const got = segmentsOf(pathname);
  for (const branch of branches) {
    const params = matchBranch(branch, got);
    if (!params) continue;
    let depth = 0;
    return branch.routes.map((route) => {
      depth += segmentsOf(route.path ?? '').length;
      const matched = branch.segments[depth - 1] === '*' ? got : got.slice(0, depth);
      return { route, params, pathname: `/${matched.join('/')}` };
    });
  }
  return null;
}
