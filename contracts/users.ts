// Account fields and their rules, shared by the forms and the Worker's validators.
import { z } from 'zod';
import { honeypotField } from './honeypot';
import { hasNoBidiControls, singleLineTextSchema } from './text';
import { turnstileField } from './turnstile';
import { USERNAME_CHARS, USERNAME_MAX, USERNAME_MIN, usernameIssue } from './username-rule';
import { BIO_MAX, NAME_MAX, PASSWORD_MAX, PASSWORD_MIN } from './limits';

// The username rule lives in username-rule.ts (no zod, so the browser's entry can check paths without it).
export { isUsername, RESERVED_USERNAMES, USERNAME_MAX, USERNAME_MIN } from './username-rule';

export { ROLE_ADMIN, ROLE_AUTHOR, isAdmin } from './roles';
export type { CurrentUser, CurrentUserResponse, PublicUser, Role } from './roles';

/** A new account's username: trimmed, lower case, and by the one rule of username-rule.ts. */
export const UsernameSchema = z
  .string({ error: 'Username is required' })
  .trim()
  .toLowerCase()
  .superRefine((username, ctx) => {
    const issue = usernameIssue(username);
    if (issue !== null) ctx.addIssue({ code: 'custom', message: issue });
  })
  // What the rule checks, for the OpenAPI document (the check itself is usernameIssue).
  .meta({ minLength: USERNAME_MIN, maxLength: USERNAME_MAX, pattern: USERNAME_CHARS.source });

export const NameSchema = singleLineTextSchema('Name', NAME_MAX);

export const EmailSchema = z
  .string({ error: 'Email is required' })
  .trim()
  .toLowerCase()
  .min(1, 'Email is required')
  .max(254, 'Email must be at most 254 characters')
  .pipe(z.email('Enter a valid email address'));

export const PasswordSchema = z
  .string({ error: 'Password is required' })
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);

export const BioSchema = z
  .string()
  .max(BIO_MAX, `Bio must be at most ${BIO_MAX} characters`)
  .refine(hasNoBidiControls, 'Bio must not contain control characters');

// An image is an https:// URL or a path of our own uploads.
export const ImageUrlSchema = z
  .string()
  .trim()
  .max(2048, 'Image URL is too long')
  .refine(
    (s) => /^\/media\/[A-Za-z0-9._-]+$/.test(s) || (/^https:\/\/[^\s"'<>]+$/.test(s) && URL.canParse(s)),
    'Image must be an https:// URL or an uploaded image',
  );

/**
 * An image field that may be cleared: ImageUrlSchema's rule, '' meaning none; answers the URL or null.
 * `label` names the field in the message ("Cover image must be …"); `textError` answers a non-string.
 */
export const clearableImageUrl = (label: string, textError?: string) =>
  z
    .string(textError === undefined ? undefined : { error: textError })
    .trim()
    .refine((s) => s === '' || ImageUrlSchema.safeParse(s).success, `${label} must be an https:// URL or an uploaded image`)
    .transform((s) => (s === '' ? null : s))
    .nullable();

export const PASSWORD_IS_IDENTITY = 'Password must not be your username or email';
/** §7: one of the 100,000 most common passwords (checked by the Worker wherever a password is set). */
export const PASSWORD_IS_COMMON = 'That password is one of the most common ones and easy to guess; choose another';

/** A password must not be the account's username or email, in any case (a missing one is no match). */
export function isPasswordIdentity(password: string, account: { username?: string | undefined; email?: string | undefined }): boolean {
  const p = password.toLowerCase();
  return [account.username, account.email].some((v) => v !== undefined && v !== '' && p === v.toLowerCase());
}

function passwordDiffersFromIdentity(
  v: { password: string; username: string; email: string },
  ctx: z.RefinementCtx,
): void {
  if (isPasswordIdentity(v.password, v)) {
    ctx.addIssue({ code: 'custom', path: ['password'], message: PASSWORD_IS_IDENTITY });
  }
}

/** The account's fields, the honeypot (`website`, empty from people) and the Turnstile token when the site uses it. */
export const RegisterInputSchema = z
  .strictObject({ name: NameSchema, username: UsernameSchema, email: EmailSchema, password: PasswordSchema, ...honeypotField, ...turnstileField })
  .superRefine(passwordDiffersFromIdentity);
export type RegisterInput = z.input<typeof RegisterInputSchema>;

export const LoginInputSchema = z.strictObject({
  login: z
    .string({ error: 'Enter your username or email' })
    .trim()
    .toLowerCase()
    .min(1, 'Enter your username or email')
    .max(254, 'Username or email is too long'),
  password: z.string({ error: 'Enter your password' }).min(1, 'Enter your password').max(1024, 'Password is too long'),
});
export type LoginInput = z.input<typeof LoginInputSchema>;
