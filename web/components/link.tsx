// The app's link. In the browser it is react-router's `Link` (client-side navigation on click). On the
// server it writes the same `<a>` react-router's `Link` would, without its hooks: a server render never
// handles a click, and react-router's `Link` (location, href resolution, click handler, prefetch, per
// link) was a third of a home page's render (docs/decisions/010). Only a plain absolute path (optionally
// with a query) takes the short way, as the router would resolve it unchanged; any other `to` (relative,
// `..`, a trailing slash, a hash, an object, a full URL) goes through react-router's `Link` on both sides.
import type { AnchorHTMLAttributes, ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';

export type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string; children?: ReactNode };

/** A path react-router resolves to itself: "/" or "/segment/…" (no empty, "." or ".." segment, no "\"), then an optional non-empty query. */
const PLAIN_PATH = /^\/(?:[^/?#\\.][^/?#\\]*(?:\/[^/?#\\.][^/?#\\]*)*)?(?:\?[^#]+)?$/;

export const isPlainPath = (to: string): boolean => PLAIN_PATH.test(to);

/** What react-router's `Link` renders on the server for a plain path (same attributes, same order): no hooks. */
export function ServerLink({ to, onClick: _onClick, ...rest }: LinkProps) {
  if (!isPlainPath(to)) return <RouterLink to={to} {...rest} />;
  return <a {...rest} href={to} data-discover="true" />;
}

const IN_BROWSER = typeof document !== 'undefined';

export const Link = IN_BROWSER ? RouterLink : ServerLink;
