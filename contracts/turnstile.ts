// Cloudflare Turnstile on the forms that guard against robots (product.md §15: registration, when the site
// has TURNSTILE_SECRET): the widget puts its token in the form under this field name (its
// `response-field-name`), the JSON call sends it the same way, and the Worker checks it with siteverify.
import { z } from 'zod';
import { TURNSTILE_FIELD } from './robot-check-fields';

export { TURNSTILE_FIELD };
/** Turnstile's tokens are at most 2048 characters. */
const TURNSTILE_TOKEN_MAX = 2048;

/** The token's entry in a strict input schema: absent when the site has no Turnstile. */
export const turnstileField = { [TURNSTILE_FIELD]: z.string().max(TURNSTILE_TOKEN_MAX, 'The robot check’s answer is too long').optional() } as const;

/** Where the widget's script and frames come from (the CSP of a page that shows it names this origin). */
export const TURNSTILE_ORIGIN = 'https://challenges.cloudflare.com';
export const TURNSTILE_SCRIPT = `${TURNSTILE_ORIGIN}/turnstile/v0/api.js`;
