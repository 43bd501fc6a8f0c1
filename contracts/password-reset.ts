// Password reset by mail: the two public calls, shared by the forms and the Worker.
import { z } from 'zod';
import { EmailSchema, PasswordSchema } from './users';
import type { MessageSchema } from './user-responses';

/** How long a reset link works, and how many requests one address and one client network may make an hour. */
export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;
export const PASSWORD_RESET_PER_EMAIL_PER_HOUR = 3;
export const PASSWORD_RESET_PER_NETWORK_PER_HOUR = 10;

/** The token in a reset link: `pwr_` and 256 random bits, base64url. */
export const PASSWORD_RESET_TOKEN = /^pwr_[A-Za-z0-9_-]{43}$/;

/**
 * `POST /api/auth/password-reset {email}` → 202 `PasswordResetAccepted`, the same answer (and the same
 * work) whether or not an account has that address; a malformed address → 422 fields.email; a fourth
 * request for one address or an 11th from one network within an hour → 429 with Retry-After.
 */
export const PasswordResetRequestSchema = z.strictObject({ email: EmailSchema });
export type PasswordResetRequest = z.input<typeof PasswordResetRequestSchema>;

export type PasswordResetAccepted = z.infer<typeof MessageSchema>;

export const PASSWORD_RESET_ACCEPTED: PasswordResetAccepted = {
  message: 'If an account uses that address, a link to choose a new password is on its way. It works for one hour.',
};

/** The one answer for a reset token that is unknown, malformed, used, expired or of a disabled account. */
export const INVALID_RESET_TOKEN = 'This reset link is not valid any more. Ask for a new one.';

/**
 * `POST /api/auth/password-reset/confirm {token, password}` → 204 and a new session cookie: the new password
 * is set, every session of the user ends, and the user is signed in afresh. A bad token → 400
 * `invalid_token`; a password against the rules of PasswordSchema → 422 fields.password (the token stays usable).
 */
export const PasswordResetConfirmSchema = z.strictObject({
  token: z.string({ error: INVALID_RESET_TOKEN }).max(200, INVALID_RESET_TOKEN),
  password: PasswordSchema,
});
export type PasswordResetConfirm = z.input<typeof PasswordResetConfirmSchema>;
