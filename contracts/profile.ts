// The signed-in user's own profile: public author pages, profile edits, password change.
import { z } from 'zod';
import type {
  AuthorPageResponseSchema,
  ProfileResponseSchema,
  ProfileSessionListSchema,
  ProfileSessionSchema,
  ProfileUpdateResponseSchema,
  ProfileUserSchema,
} from './user-responses';
import { BioSchema, EmailSchema, clearableImageUrl, NameSchema, PasswordSchema } from './users';

/** `GET /api/users/:username` → the public profile and a page of their visible published posts (`?page=`). */
export type AuthorPageResponse = z.infer<typeof AuthorPageResponseSchema>;

export const UsernameParamSchema = z.object({
  username: z.string().trim().toLowerCase().min(1).max(64),
});

/** The current user as their own profile shows it. */
export type ProfileUser = z.infer<typeof ProfileUserSchema>;

/** `GET /api/profile` → the user and their own posts of every status, newest updated first (`?page=`, 12 a page). */
export type ProfileResponse = z.infer<typeof ProfileResponseSchema>;

/** The current password a sensitive change is confirmed with (wrong → 422 fields.currentPassword, counted). */
export const CurrentPasswordSchema = z
  .string({ error: 'Enter your current password' })
  .min(1, 'Enter your current password')
  .max(1024, 'Password is too long');

/**
 * `PATCH /api/profile` → `ProfileUpdateResponse`. `image`: null or '' removes the avatar. A new `email` needs
 * `currentPassword` (missing → 422 fields.currentPassword; wrong → 422 fields.currentPassword, 5 wrong tries in
 * 15 minutes → 429, as for the password change); taken → 409 fields.email; a sixth change within an hour → 429.
 * It does not change the address at once: a link (`/confirm-email?token=…`, EMAIL_CHANGE_TTL_MS, single use) is
 * mailed to the new address and a notice to the old one, and the answer names the address waiting (`pendingEmail`).
 */
export const ProfileUpdateSchema = z
  .strictObject({
  name: NameSchema.optional(),
  bio: z.string({ error: 'Bio must be text' }).trim().pipe(BioSchema).optional(),
  image: clearableImageUrl('Image', 'Image must be text').optional(),
  email: EmailSchema.optional(),
  currentPassword: CurrentPasswordSchema.optional(),
  })
  .refine((v) => v.email === undefined || v.currentPassword !== undefined, {
    path: ['currentPassword'],
    message: 'Enter your current password to change your email',
  });
export type ProfileUpdate = z.input<typeof ProfileUpdateSchema>;

/** The profile form that changes the email: a `PATCH /api/profile` with both fields. */
export const EmailChangeSchema = z.strictObject({ email: EmailSchema, currentPassword: CurrentPasswordSchema });
export type EmailChange = z.input<typeof EmailChangeSchema>;

/** `user.email` stays the old address until the link mailed to `pendingEmail` (present when one was asked for) is opened. */
export type ProfileUpdateResponse = z.infer<typeof ProfileUpdateResponseSchema>;

/** How long the link confirming a new email address works. */
export const EMAIL_CHANGE_TTL_MS = 24 * 60 * 60 * 1000;

/** The token in the confirmation link: `eml_` and 256 random bits, base64url. */
export const EMAIL_CHANGE_TOKEN = /^eml_[A-Za-z0-9_-]{43}$/;

/**
 * `GET /confirm-email?token=…` (a page address, not the API) answers 303 to the profile with `?email=` one of
 * these: `confirmed` (the address changed; to `/login?email=confirmed` when not signed in), or `invalid`
 * (unknown, used, expired, or the address was taken meanwhile).
 */
export const EMAIL_CONFIRMED = 'confirmed';
export const EMAIL_LINK_INVALID = 'invalid';

/**
 * `POST /api/profile/password` → 204. Wrong current password → 422 fields.currentPassword (5 wrong
 * tries in 15 minutes → 429); a common password → 422 fields.newPassword; on success every other session of
 * the user ends, this one is replaced, and a "your password was changed" mail goes to the account.
 */
export const PasswordChangeSchema = z.strictObject({
  currentPassword: CurrentPasswordSchema,
  newPassword: PasswordSchema,
});
export type PasswordChange = z.input<typeof PasswordChangeSchema>;

/** One signed-in device as the profile lists it; `id` is an opaque public id, never the session secret. */
export type ProfileSession = z.infer<typeof ProfileSessionSchema>;

/**
 * `GET /api/profile/sessions` → `{items}`: the user's live sessions, most recently seen first.
 * `DELETE /api/profile/sessions/:id` → 204 (ending the current one logs out); an id that is not one of the
 * user's live sessions → 404. `POST /api/profile/sessions/revoke` → 204: every other session ends.
 */
export type ProfileSessionList = z.infer<typeof ProfileSessionListSchema>;

/** Any text names a session or none (404), as usernames and slugs in paths do. */
export const SessionIdParamSchema = z.object({
  id: z.string().trim().toLowerCase().min(1).max(64),
});
