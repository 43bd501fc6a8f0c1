// What a parsed import file becomes before it is sent (docs/decisions/024): the normalized records of
// contracts/import.ts, the featured order, media files of a Byline export, and what parsing already
// skipped or warned about. Helpers every source parser shares (slugs, usernames, dates).
import type { ImportCategory, ImportNavigation, ImportPage, ImportPost, ImportRedirect, ImportSkip, ImportSource, ImportTag, ImportUser } from '../../../../contracts/import';
import { CATEGORY_NAME_MAX, COVER_ALT_MAX, TAG_NAME_MAX } from '../../../../contracts/limits';
import { RedirectFromSchema, targetKeyOf } from '../../../../contracts/redirects';
import { isSlug } from '../../../../contracts/slug-rule';
import { slugify } from '../../../../contracts/slugify';
import { isUsername, usernameFrom, usernameIssue } from '../../../../contracts/username-rule';

export interface ImportMediaFile {
  key: string;
  owner: string;
  bytes: Uint8Array;
}

export interface ImportPlan {
  source: ImportSource;
  users: ImportUser[];
  categories: ImportCategory[];
  tags: ImportTag[];
  posts: ImportPost[];
  /** Post slugs in featured order. */
  featured: string[];
  /** The old site's addresses → their Byline addresses (sent last, once everything they lead to exists). */
  redirects?: ImportRedirect[];
  /** A Byline export's settings, applied after the posts (its default category exists by then). */
  settings?: Record<string, unknown>;
  /** Standalone pages (sent after the posts, before the old addresses that may lead to them). */
  pages?: ImportPage[];
  /** A Byline export's menus (sent after the pages their items may link to). */
  navigation?: ImportNavigation;
  media: ImportMediaFile[];
  skipped: ImportSkip[];
  warnings: string[];
}

/** Thrown for a file that cannot be imported at all (neither format, truncated, malformed). */
export class ImportFileError extends Error {}

/**
 * A slug from a source's slug (WordPress percent-encodes non-ASCII ones) or a name, by the one slug rule:
 * kept when it is a slug as a hand-set one is (trimmed, NFC, lower case), else made by slugify as a
 * title's is; '' when it has no letter or digit.
 */
export function toSlug(text: string): string {
  let decoded = text;
  try {
    decoded = decodeURIComponent(text);
  } catch {
    // not percent-encoded
  }
  const handSet = decoded.trim().normalize('NFC').toLowerCase();
  return isSlug(handSet) ? handSet : slugify(decoded);
}

/**
 * A Byline username from a WordPress login or a Ghost slug, else from the next of `fallbacks` (a display
 * name, an email's local part) when the login is reserved on Byline (WordPress's `admin`), by the one
 * username rule (contracts/username-rule.ts). When every candidate is reserved, the reserved name itself:
 * the Worker then gives that person's posts to the admin who imports (services/import.ts), rather than
 * inventing `admin-1`.
 */
export function toUsername(login: string, ...fallbacks: string[]): string {
  const candidates = [login, ...fallbacks].map(usernameFrom).filter(isUsername);
  const free = candidates.find((u) => usernameIssue(u) === null);
  if (free) return free;
  return candidates[0] ?? usernameFrom(`user-${usernameFrom(login) || 'x'}`);
}

export const cut = (text: string, max: number): string => (text.length <= max ? text : text.slice(0, max).trimEnd());
export const categoryName = (name: string): string => cut(name.replace(/\s+/g, ' ').trim(), CATEGORY_NAME_MAX);
export const tagName = (name: string): string => cut(name.replace(/\s+/g, ' ').trim(), TAG_NAME_MAX);
export const coverAltText = (alt: string): string => cut(alt.replace(/\s+/g, ' ').trim(), COVER_ALT_MAX);

// A date and time with no zone: WordPress's post_date_gmt and every date of a Ghost export (its
// database's UTC, e.g. `2024-01-01 09:00:00`). Read field by field with Date.UTC, so the importing
// machine's time zone can never shift it (Date.parse would read it as local time).
const ZONELESS = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3})\d*)?)?$/;
// With a zone (Z or ±hh:mm): an instant, which Date.parse reads the same in every time zone.
const ZONED = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})$/i;

/**
 * A source's date → ISO (UTC), or null for WordPress's zero date (`0000-00-00 00:00:00`) and anything unreadable. A date
 * without a zone is UTC; a number is milliseconds since 1970.
 */
export function toIso(value: unknown): string | null {
  let t = NaN;
  if (typeof value === 'number') t = value;
  else if (typeof value === 'string') {
    const text = value.trim();
    const m = ZONELESS.exec(text);
    if (m && +m[1]! >= 1000) t = Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +(m[6] ?? 0), +(m[7] ?? '0').padEnd(3, '0'));
    else if (ZONED.test(text)) t = Date.parse(text);
  }
  const date = new Date(t);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/**
 * Leaves out the categories, tags and people of a WordPress or Ghost export that no imported post uses
 * (WordPress's default "Uncategorized", a Ghost owner who only wrote pages): on Byline each would be an
 * empty page, and a person an account nobody uses. Each is named in the report. A Byline export is a
 * copy of a site and keeps everything.
 */
export function leaveOutUnused(plan: ImportPlan): void {
  const used = { category: new Set(plan.posts.map((p) => p.category)), tag: new Set(plan.posts.flatMap((p) => p.tags ?? [])), user: new Set(plan.posts.map((p) => p.author)) };
  const keep = <T>(kind: 'category' | 'tag' | 'user', items: T[], key: (item: T) => string, why: string): T[] =>
    items.filter((item) => {
      if (used[kind].has(key(item))) return true;
      plan.skipped.push({ kind, key: key(item), why });
      return false;
    });
  plan.categories = keep('category', plan.categories, (c) => c.slug, 'No imported post is in this category');
  plan.tags = keep('tag', plan.tags, (t) => t.slug, 'No imported post has this tag');
  plan.users = keep('user', plan.users, (u) => u.username, 'No imported post is by them');
  // A page by someone who wrote no post is the importing admin's (no account for a page alone).
  const people = new Set(plan.users.map((u) => u.username));
  for (const page of plan.pages ?? []) if (page.author && !people.has(page.author)) page.author = null;
}

export function emptyPlan(source: ImportSource): ImportPlan {
  return { source, users: [], categories: [], tags: [], posts: [], featured: [], redirects: [], media: [], skipped: [], warnings: [] };
}

/**
 * Records that the old site's address `from` (a path, or a full URL whose path is taken) is now `to` on
 * Byline: a redirect the import writes. Left out when Byline answers at that address itself (a category's
 * `/category/news/` is Byline's `/category/news`) or twice, by the redirect rules the Worker applies again.
 */
export function addOldAddress(plan: ImportPlan, from: string, to: string): void {
  const parsed = RedirectFromSchema.safeParse(from);
  if (parsed.success && targetKeyOf(to) === parsed.data) return;
  const redirects = (plan.redirects ??= []);
  if (!redirects.some((r) => r.from === from)) redirects.push({ from, to });
}

/** The path of a permalink (`https://old.example/2024/01/02/hi/` → `/2024/01/02/hi/`), its `?p=ID` kept; null when it is no http(s) URL. */
export function permalinkPath(url: string): string | null {
  const text = url.trim();
  if (!/^https?:\/\//i.test(text) || !URL.canParse(text)) return null;
  const { pathname, searchParams } = new URL(text);
  const id = searchParams.get('p');
  return id !== null && /^[0-9]+$/.test(id) ? `${pathname}?p=${id}` : pathname;
}
