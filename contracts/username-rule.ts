// The one username rule: what a username may look like, which words no new account may take, and how a
// login or name from another system becomes one. Register, the admin's create, the import (browser and
// Worker) and route params all ask here. Plain code without zod: the browser's entry checks route params
// with it on every page; UsernameSchema (users.ts) wraps usernameIssue for the forms.

export const USERNAME_MIN = 3;
export const USERNAME_MAX = 32;
export const USERNAME_CHARS = /^[a-z0-9_-]+$/;
export const USERNAME_ENDS = /^[a-z0-9](.*[a-z0-9])?$/;

export const RESERVED_USERNAMES: ReadonlySet<string> = new Set([
  'admin', 'administrator', 'api', 'assets', 'author', 'auth', 'byline', 'category', 'create-post',
  'details', 'edit', 'feed', 'login', 'logout', 'me', 'media', 'new', 'null', 'profile', 'register',
  'robots', 'root', 'rss', 'search', 'settings', 'sitemap', 'static', 'support', 'system', 'undefined',
  'verify', 'www', '404', '500',
]);

export const USERNAME_RESERVED = 'That username is reserved';

/** The message of the first shape rule `text` breaks (length, characters, ends), or null. */
function shapeIssue(text: string): string | null {
  if (text.length < USERNAME_MIN) return `Username must be at least ${USERNAME_MIN} characters`;
  if (text.length > USERNAME_MAX) return `Username must be at most ${USERNAME_MAX} characters`;
  if (!USERNAME_CHARS.test(text)) return 'Username may use only letters, digits, _ and -';
  if (!USERNAME_ENDS.test(text)) return 'Username must start and end with a letter or digit';
  return null;
}

/**
 * Why `username` (already trimmed and lower-cased) cannot be a new account's username — the first rule
 * it breaks, reserved words included — or null when it can.
 */
export function usernameIssue(username: string): string | null {
  return shapeIssue(username) ?? (RESERVED_USERNAMES.has(username) ? USERNAME_RESERVED : null);
}

/**
 * True when `text` could be someone's username (lower case; reserved words included, since they only
 * block new registrations): anything else names nobody, so a page answers 404 without asking the data layer.
 */
export function isUsername(text: string): boolean {
  return shapeIssue(text) === null;
}

/**
 * `text` (a WordPress login, a Ghost slug, a display name) in the username alphabet: accents dropped,
 * lower case, every other run of characters one '-', no '-' or '_' at either end, at most USERNAME_MAX.
 * It may still be too short or reserved: usernameIssue says.
 */
export function usernameFrom(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9_-]+/g, '-')
    .replace(/^[-_]+|[-_]+$/g, '')
    .slice(0, USERNAME_MAX)
    .replace(/[-_]+$/, '');
}
