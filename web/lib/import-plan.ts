// What a parsed import file becomes before it is sent (docs/decisions/024): the normalized records of
// contracts/import.ts, the featured order, media files of a Byline export, and what parsing already
// skipped or warned about. Helpers every source parser shares (slugs, usernames, dates).
import type { ImportCategory, ImportPost, ImportSkip, ImportSource, ImportTag, ImportUser } from '../../contracts/import';
import { CATEGORY_NAME_MAX, TAG_NAME_MAX } from '../../contracts/limits';
import { NON_SLUG_RUN, SLUG_MAX, SLUG_PATTERN } from '../../contracts/slug-rule';
import { RESERVED_USERNAMES } from '../../contracts/users';
import { USERNAME_MAX, USERNAME_MIN } from '../../contracts/username-rule';

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
  media: ImportMediaFile[];
  skipped: ImportSkip[];
  warnings: string[];
}

/** Thrown for a file that cannot be imported at all (neither format, truncated, malformed). */
export class ImportFileError extends Error {}

/** A slug from a source's slug (WordPress percent-encodes non-ASCII ones) or a name. */
export function toSlug(text: string): string {
  let decoded = text;
  try {
    decoded = decodeURIComponent(text);
  } catch {
    // not percent-encoded
  }
  const slug = decoded
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .normalize('NFC')
    .toLowerCase()
    .replace(NON_SLUG_RUN, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SLUG_MAX)
    .replace(/-+$/, '');
  return SLUG_PATTERN.test(slug) ? slug : '';
}

/** A Byline username from a WordPress login or a Ghost slug: a-z 0-9 _ -, 3–32, not reserved. */
export function toUsername(login: string): string {
  let u = login
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9_-]+/g, '-')
    .replace(/^[-_]+|[-_]+$/g, '')
    .slice(0, USERNAME_MAX)
    .replace(/[-_]+$/, '');
  if (u.length < USERNAME_MIN) u = `user-${u || 'x'}`.slice(0, USERNAME_MAX);
  if (RESERVED_USERNAMES.has(u)) u = `${u}-1`;
  return u;
}

export const cut = (text: string, max: number): string => (text.length <= max ? text : text.slice(0, max).trimEnd());
export const categoryName = (name: string): string => cut(name.replace(/\s+/g, ' ').trim(), CATEGORY_NAME_MAX);
export const tagName = (name: string): string => cut(name.replace(/\s+/g, ' ').trim(), TAG_NAME_MAX);

/** "2024-03-01 09:30:00" (WordPress GMT) → ISO, or null for WordPress's zero date and anything unreadable. */
export function wpGmtToIso(value: string | undefined): string | null {
  if (!value || value.startsWith('0000')) return null;
  const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(value.trim());
  if (!m) return null;
  const t = Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!);
  return Number.isNaN(t) ? null : new Date(t).toISOString();
}

/** Any date text → ISO, or null. */
export function toIso(value: unknown): string | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const t = typeof value === 'number' ? value : Date.parse(value);
  return Number.isFinite(t) ? new Date(t).toISOString() : null;
}

export function emptyPlan(source: ImportSource): ImportPlan {
  return { source, users: [], categories: [], tags: [], posts: [], featured: [], media: [], skipped: [], warnings: [] };
}
