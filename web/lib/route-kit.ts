// The shapes shared by the route table, page modules and the server renderer.
import type { LoaderFunctionArgs, ShouldRevalidateFunction } from 'react-router-dom';
import type { ApiClients } from './api-client';
import type { SessionStore } from './session';

/** What loaders get besides React Router's args: the API clients and the session of this render. */
export interface RouteDeps {
  api: ApiClients;
  session: SessionStore;
  /** In the browser, asks the server again whether the session is alive (a guard does, before letting in),
   *  unless no session can exist (checkSession). */
  revalidateSession?: () => Promise<void>;
}

export interface HeadInfo {
  title: string;
  description?: string;
  /** Path of the canonical URL; the current path when absent. */
  canonicalPath?: string;
  ogType?: 'website' | 'article' | 'profile';
  image?: string | null;
  jsonLd?: Record<string, unknown>;
  noindex?: boolean;
}

export interface RouteHandle {
  /** Runs only once the page has rendered, so `data` is what this route's loader returned (never a failure). */
  head?: (data: unknown, params: Record<string, string | undefined>) => HeadInfo;
}

/** What a lazily loaded page module exports. */
export interface PageModule {
  Component: React.ComponentType;
  loader?: (args: LoaderFunctionArgs, deps: RouteDeps) => unknown;
  handle?: RouteHandle;
  shouldRevalidate?: ShouldRevalidateFunction;
}
