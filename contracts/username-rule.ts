// What a username may look like. Plain code without zod: the browser's entry checks
// route params with it on every page; UsernameSchema (users.ts) adds the messages and reserved words.

export const USERNAME_MIN = 3;
export const USERNAME_MAX = 32;
export const USERNAME_CHARS = /^[a-z0-9_-]+$/;
export const USERNAME_ENDS = /^[a-z0-9](.*[a-z0-9])?$/;

/**
 * True when `text` could be someone's username (lower case; reserved words included, since they only
 * block new registrations): anything else names nobody, so a page answers 404 without asking the data layer.
 */
export function isUsername(text: string): boolean {
  return text.length >= USERNAME_MIN && text.length <= USERNAME_MAX && USERNAME_CHARS.test(text) && USERNAME_ENDS.test(text);
}
