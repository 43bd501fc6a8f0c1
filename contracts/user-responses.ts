// What the account API answers: the signed-in user, profiles, sessions, logins that need a mailed code and
// password resets, as zod schemas. The types in roles.ts, profile.ts, device-verification.ts and
// password-reset*.ts are inferred from these, and /api/openapi.json shows them. Only the Worker imports this at run time.
import { z } from 'zod';
import { IsoDateSchema, PostPageSchema } from './post-responses';
import { ROLE_ADMIN, ROLE_AUTHOR, ROLE_CONTRIBUTOR, ROLE_EDITOR } from './roles';
import { REGISTRATION_POLICIES } from './settings';

/** 0 is the admin, 1 an author, 2 an editor, 3 a contributor (product.md §15). */
export const RoleValueSchema = z.union([z.literal(ROLE_ADMIN), z.literal(ROLE_AUTHOR), z.literal(ROLE_EDITOR), z.literal(ROLE_CONTRIBUTOR)]);

export const PublicUserSchema = z.object({ username: z.string(), name: z.string(), bio: z.string(), image: z.string().nullable() });

/** The signed-in user as the client holds it. */
export const CurrentUserSchema = PublicUserSchema.extend({ role: RoleValueSchema });
export const CurrentUserResponseSchema = z.object({ user: CurrentUserSchema });

/** `POST /api/auth/login` → 202 with this body when the browser must confirm with a mailed code. */
export const LoginVerificationRequiredSchema = z.object({ verification: z.literal('email') });

/** `GET /api/auth/registration`: what the register page offers — the policy, and the Turnstile widget's site key (null: none). */
export const RegistrationTermsSchema = z.object({ policy: z.enum(REGISTRATION_POLICIES), turnstileSiteKey: z.string().nullable() });

export const MessageSchema = z.object({ message: z.string() });
export const PasswordResetCheckSchema = z.object({ valid: z.boolean() });

export const AuthorPageResponseSchema = z.object({ user: PublicUserSchema, posts: PostPageSchema });

/** The current user as their own profile shows it. */
export const ProfileUserSchema = PublicUserSchema.extend({ email: z.string(), role: RoleValueSchema });
export const ProfileResponseSchema = z.object({ user: ProfileUserSchema, posts: PostPageSchema });

export const ProfileUpdateResponseSchema = z.object({
  /** `user.email` stays the old address until the link mailed to `pendingEmail` is opened. */
  user: ProfileUserSchema,
  /** Present when the request asked for a new email: the address the confirmation link went to. */
  pendingEmail: z.string().optional(),
});

/** One signed-in device; `id` is an opaque public id, never the session secret; `current` is this request's. */
export const ProfileSessionSchema = z.object({
  id: z.string(),
  userAgent: z.string(),
  lastSeenAt: IsoDateSchema,
  createdAt: IsoDateSchema,
  current: z.boolean(),
});
export const ProfileSessionListSchema = z.object({ items: z.array(ProfileSessionSchema) });
