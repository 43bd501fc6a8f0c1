// Ghost writes its own site's address as `__GHOST_URL__` in bodies and covers (`__GHOST_URL__/my-post/`,
// `__GHOST_URL__/content/images/…`). Links to what the import brings become Byline's addresses (a post
// → /details/slug, a tag → /tag/slug or /category/slug, an author → /author/username, the home → /);
// images and anything else resolve against the old site's address when it is given (`--from`, or the
// field on /admin/import), so images can be copied. What cannot be resolved is named in the report.
export const GHOST_URL = '__GHOST_URL__';

/** What a Ghost export's links can point to on Byline. */
export interface GhostSite {
  /** Slugs of the posts this import brings. */
  posts: ReadonlySet<string>;
  tags: ReadonlySet<string>;
  categories: ReadonlySet<string>;
  /** Ghost author slug → Byline username. */
  authors: ReadonlyMap<string, string>;
  /** The old site's address (`https://old.example` or `https://example.com/blog`), if given. */
  from: string | null;
}

/** A `--from` value → the old site's address without a trailing slash, or null when it is not an http(s) address. */
export function oldSiteAddress(value: string): string | null {
  const text = value.trim();
  if (!/^https?:\/\//i.test(text) || !URL.canParse(text)) return null;
  const url = new URL(text);
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

/** The Byline address of an internal link's path (`/my-post/`, `/tag/news/`), or null when the import has no such thing. */
function bylineAddress(path: string, site: GhostSite): string | null {
  const [pathname = '', hash = ''] = path.split('#', 2);
  if (hash.startsWith('/')) return null; // Ghost's portal (#/portal/signup): nothing of the kind here
  const fragment = hash ? `#${hash}` : '';
  const segments = pathname.split('?')[0]!.split('/').filter(Boolean).map((s) => decodeURIComponent(s).toLowerCase());
  if (segments.length === 0) return `/${fragment}`;
  const [first, second] = segments;
  if (first === 'tag' && second && segments.length === 2) {
    if (site.tags.has(second)) return `/tag/${second}`;
    if (site.categories.has(second)) return `/category/${second}`;
    return null;
  }
  if (first === 'author' && second && segments.length === 2) {
    const username = site.authors.get(second);
    return username ? `/author/${username}` : null;
  }
  // A post's permalink ends with its slug (/:slug/ by default; /:year/:month/:slug/ and the like too).
  const slug = segments[segments.length - 1]!;
  return site.posts.has(slug) ? `/details/${slug}${fragment}` : null;
}

export type Resolved = { url: string; note: string | null } | { url: null; note: string };

/** An internal link: a Byline address, else the old site's, else nothing (the note says why, for the report). */
export function resolveGhostLink(url: string, site: GhostSite): Resolved {
  if (!url.startsWith(GHOST_URL)) return { url, note: null };
  const path = url.slice(GHOST_URL.length) || '/';
  try {
    const here = bylineAddress(path, site);
    if (here) return { url: here, note: null };
  } catch {
    // a malformed percent-escape: not one of ours
  }
  if (site.from) return { url: site.from + path, note: `the link to ${url} is not part of this import; it now points to the old site (${site.from + path})` };
  return { url: null, note: `the link to ${url} is not part of this import and the old site's address was not given; only its text was kept` };
}

/** An image or file of the old site: its address there (then copied into media), or nothing without `from`. */
export function resolveGhostImage(url: string, site: GhostSite): Resolved {
  if (!url.startsWith(GHOST_URL)) return { url, note: null };
  if (site.from) return { url: site.from + url.slice(GHOST_URL.length), note: null };
  return { url: null, note: `the image ${url} cannot be found without the old site's address (--from, or “Old site's address” on the import page); it was left out` };
}

/**
 * HTML with every `__GHOST_URL__` in an href or src resolved; an unresolved link keeps its text (its
 * href is dropped) and an unresolved image is dropped. `notes` receives what the report should say.
 */
export function resolveGhostUrlsInHtml(html: string, site: GhostSite, notes: string[]): string {
  return html
    .replace(/\ssrcset=(["'])[^"']*\1/gi, '')
    .replace(/\b(href|src)=(["'])(__GHOST_URL__.*?)\2/gi, (_whole, attr: string, quote: string, url: string) => {
      const resolved = attr.toLowerCase() === 'href' ? resolveGhostLink(url, site) : resolveGhostImage(url, site);
      if (resolved.note) notes.push(resolved.note);
      return resolved.url === null ? 'data-unresolved=""' : `${attr}=${quote}${resolved.url}${quote}`;
    });
}
