// The shapes shared by the route table, page modules and the server renderer.
import type { LoaderFunctionArgs, ShouldRevalidateFunction } from 'react-router-dom';
import type { PageReads } from '../../contracts/page-reads';
import type { SessionStore } from './session';
import type { SiteInfo } from './site';

/**
 * What loaders get besides React Router's args: the reads of this render (over HTTP in the browser, the
 * services themselves on the Worker) and its session.
 */
export interface RouteDeps {
  reads: PageReads;
  session: SessionStore;
  /** In the browser, asks the server again whether the session is alive (a guard does, before letting in),
   *  unless no session can exist (checkSession). */
  revalidateSession?: () => Promise<void>;
}

/**
 * How a loader finds its render's deps. The browser has one set for the page's life (`fixedDeps`); the
 * Worker builds its route table once and hands each request's deps through React Router's request
 * context (`depsFromRequestContext`), so a page miss does not rebuild the table and its lazy routes.
 */
export type DepsOf = (args: { context?: unknown }) => RouteDeps;

export const fixedDeps =
  (deps: RouteDeps): DepsOf =>
  () =>
    deps;

export const depsFromRequestContext: DepsOf = ({ context }) => {
  if (!context) throw new Error('the server render passes its RouteDeps as the request context');
  return context as RouteDeps;
};

export interface HeadInfo {
  /** The page's own title: og:title, and the `<title>` with the site's name after it. */
  title: string;
  /** An author's meta title (contracts/seo.ts): the whole `<title>`, og:title and twitter:title as given. */
  metaTitle?: string;
  description?: string;
  /** Path of the canonical URL; the current path when absent. */
  canonicalPath?: string;
  /** An absolute canonical URL elsewhere (an author's SEO canonical URL): wins over canonicalPath. */
  canonicalUrl?: string;
  ogType?: 'website' | 'article' | 'profile';
  image?: string | null;
  /** What `image` shows, for readers who cannot see it (og:image:alt); absent or '' when decorative. */
  imageAlt?: string;
  /** A post's article:* tags (Open Graph's article object); `authorPath` is the author page's path. */
  article?: { publishedTime: string | null; modifiedTime: string; authorPath: string; section: string; tags: string[] };
  /** Schema.org data; its site paths (`url`, `image`, `logo`, `@id`, `target`) are made absolute on SITE_URL. */
  jsonLd?: Record<string, unknown>;
  noindex?: boolean;
  /**
   * The page's own RSS feed (a category's, a tag's, an author's): it and its Atom and JSON Feed siblings
   * (contracts/routes.ts feedFamily) are linked as `<link rel="alternate">` beside the site's.
   */
  feed?: { title: string; path: string };
}

/** Marks the page's own feed link in the head, so the browser can replace it after a navigation. */
export const PAGE_FEED_ATTRIBUTE = 'data-page-feed';

export interface RouteHandle {
  /** Runs only once the page has rendered, so `data` is what this route's loader returned (never a failure). */
  head?: (data: unknown, params: Record<string, string | undefined>, site: SiteInfo) => HeadInfo;
}

/** What a lazily loaded page module exports. */
export interface PageModule {
  Component: React.ComponentType;
  loader?: (args: LoaderFunctionArgs, deps: RouteDeps) => unknown;
  handle?: RouteHandle;
  shouldRevalidate?: ShouldRevalidateFunction;
}
