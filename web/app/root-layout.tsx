// The root of every page (navigation progress) and the document head: set by the page or error element
// that is shown, never by a layout, so a route's head() only ever sees data its loader returned.
import { useEffect } from 'react';
import { Outlet, useMatches, useNavigation, useRouteError } from 'react-router-dom';
import { feedFamily } from '../../contracts/routes';
import { PAGE_FEED_ATTRIBUTE, type HeadInfo } from '../lib/route-kit';
import { siteOf } from '../lib/site';
import { useSiteOnDocument } from '../lib/site-on-document';
import { fullTitle, resolveHead } from './head';

/** The page's own feed links (HeadInfo.feed, one per format) after a client navigation: replaced, or removed when it has none. */
function setPageFeeds(feed: HeadInfo['feed']): void {
  for (const old of document.head.querySelectorAll(`link[${PAGE_FEED_ATTRIBUTE}]`)) old.remove();
  for (const { title, type, path } of feed ? feedFamily(feed.path, feed.title) : []) {
    const link = document.createElement('link');
    link.rel = 'alternate';
    link.type = type;
    link.title = title;
    link.href = path;
    link.setAttribute(PAGE_FEED_ATTRIBUTE, '');
    document.head.appendChild(link);
  }
}

function useDocumentHead(error?: unknown): void {
  const matches = useMatches();
  useEffect(() => {
    const head = resolveHead(matches, error);
    document.title = fullTitle(head, siteOf(matches));
    const description = document.querySelector('meta[name="description"]');
    if (description && head.description) description.setAttribute('content', head.description);
    setPageFeeds(head.feed);
  }, [matches, error]);
}

export function DocumentHead({ error }: { error?: unknown }) {
  useDocumentHead(error);
  return null;
}

function NavigationProgress() {
  const busy = useNavigation().state !== 'idle';
  return (
    <div className="nav-progress" data-active={busy} role="status" aria-live="polite">
      {busy ? <span className="visually-hidden">Loading…</span> : null}
    </div>
  );
}

export function RootLayout() {
  useSiteOnDocument();
  useEffect(() => {
    // Lets tests (and anyone curious) know the page is interactive.
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return (
    <>
      <NavigationProgress />
      <Outlet />
    </>
  );
}

export function useRouteErrorHead(): unknown {
  const error = useRouteError();
  useDocumentHead(error);
  return error;
}
