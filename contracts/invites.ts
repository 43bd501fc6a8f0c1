// Invites (product.md §15, §19; docs/decisions/055): an admin or an editor invites an email address with a
// role; the mailed link (`/invite?token=…`, single use, 7 days, only its hash stored) opens a form that sets
// username, name and password and signs the person in, under every registration policy.
import { z } from 'zod';
import { RoleSchema } from './admin';
import { listPageSchema } from './lists';
import { IsoDateSchema } from './post-responses';
import { EmailSchema, isPasswordIdentity, NameSchema, PASSWORD_IS_IDENTITY, PasswordSchema, UsernameSchema } from './users';

/** How long an invite's link works (a resend starts the 7 days again). */
export const INVITE_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** Invite mails (new and resent) one inviter may send an hour: each goes to an address they type (security rule 11). */
export const INVITES_PER_HOUR = 30;

/** The token in an invite link: `inv_` and 256 random bits, base64url. */
export const INVITE_TOKEN = /^inv_[A-Za-z0-9_-]{43}$/;

/** The one answer for an invite token that is unknown, malformed, used, revoked, replaced or expired. */
export const INVALID_INVITE_TOKEN = 'This invite link is not valid any more: it was used, revoked or has expired. Ask whoever invited you for a new one.';

/** `POST /api/admin/invites {email, role}` → 201 `InviteCreated`; the role must be one the inviter may invite (else 403). */
export const InviteInputSchema = z.strictObject({ email: EmailSchema, role: RoleSchema });
export type InviteInput = z.input<typeof InviteInputSchema>;

/** `DELETE /api/admin/invites/:id`, `POST /api/admin/invites/:id/resend`. */
export const InviteIdParamSchema = z.object({ id: z.string().regex(/^[0-9]{1,12}$/, 'Not an invite id').transform(Number) });

export const InviteCreatedSchema = z.object({ id: z.number().int(), email: z.string(), role: RoleSchema, expiresAt: IsoDateSchema });
export type InviteCreated = z.infer<typeof InviteCreatedSchema>;

/** A pending invite as `/admin/users` lists it; `expired` ones stay listed until resent or revoked. */
export const InviteSchema = InviteCreatedSchema.extend({
  createdAt: IsoDateSchema,
  expired: z.boolean(),
  invitedBy: z.object({ username: z.string(), name: z.string() }),
});
export type Invite = z.infer<typeof InviteSchema>;

/** `GET /api/admin/invites?page=` → the pending invites, newest first. */
export const InviteListSchema = listPageSchema(InviteSchema);
export type InviteList = z.infer<typeof InviteListSchema>;

const InviteTokenSchema = z.string({ error: INVALID_INVITE_TOKEN }).max(200, INVALID_INVITE_TOKEN);

/**
 * `POST /api/auth/invite/accept {token, username, name, password}` → 201 `{user}` and the session cookie. A bad,
 * used, revoked or expired token → 400 `invalid_token`; the username and password follow register's rules.
 */
export const InviteAcceptSchema = z
  .strictObject({ token: InviteTokenSchema, username: UsernameSchema, name: NameSchema, password: PasswordSchema })
  .superRefine((v, ctx) => {
    if (isPasswordIdentity(v.password, v)) ctx.addIssue({ code: 'custom', path: ['password'], message: PASSWORD_IS_IDENTITY });
  });
export type InviteAccept = z.input<typeof InviteAcceptSchema>;

/** `GET /api/auth/invite?token=` → what the accept page shows: the address and role, or only that the link is not valid. */
export const InviteCheckQuerySchema = z.strictObject({ token: InviteTokenSchema });
export const InviteCheckSchema = z.union([
  z.object({ valid: z.literal(true), email: z.string(), role: RoleSchema }),
  z.object({ valid: z.literal(false) }),
]);
export type InviteCheck = z.infer<typeof InviteCheckSchema>;
