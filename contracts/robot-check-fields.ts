// The names of the anti-robot fields (the honeypot, Turnstile's token) with no schema library attached: public
// pages' forms (the newsletter's, in every footer) name them without shipping zod to every reader.
// contracts/honeypot.ts and contracts/turnstile.ts re-export them beside their schemas.

/** The honeypot (product.md §19): a field named `website` that people never see and so leave empty. */
export const HONEYPOT_FIELD = 'website';

/** Where Turnstile's widget puts its token in a form (its `response-field-name`), and the JSON call sends it. */
export const TURNSTILE_FIELD = 'turnstileToken';
