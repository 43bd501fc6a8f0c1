// The signed-in user's own profile (product.md §5, §7): public author pages, profile edits, password change.
import { z } from 'zod';
import type { ListPage } from './lists';
import type { PostSummary } from './posts';
import type { PublicUser, Role } from './roles';
import { BioSchema, ImageUrlSchema, NameSchema, PasswordSchema } from './users';

/** `GET /api/users/:username` → the public profile and a page of their visible published posts (`?page=`). */
export interface AuthorPageResponse {
  user: PublicUser;
  posts: ListPage<PostSummary>;
}

export const UsernameParamSchema = z.object({
  username: z.string().trim().toLowerCase().min(1).max(64),
});

/** The current user as their own profile shows it. */
export interface ProfileUser extends PublicUser {
  email: string;
  role: Role;
}

/** `GET /api/profile` → the user and their own posts of every status, newest updated first (`?page=`, 12 a page). */
export interface ProfileResponse {
  user: ProfileUser;
  posts: ListPage<PostSummary>;
}

/** `PATCH /api/profile` → `{user: ProfileUser}`. `image`: null or '' removes the avatar. */
export const ProfileUpdateSchema = z.strictObject({
  name: NameSchema.optional(),
  bio: z.string({ error: 'Bio must be text' }).trim().pipe(BioSchema).optional(),
  image: z
    .string({ error: 'Image must be text' })
    .trim()
    .refine((s) => s === '' || ImageUrlSchema.safeParse(s).success, 'Image must be an https:// URL or an uploaded image')
    .transform((s) => (s === '' ? null : s))
    .nullable()
    .optional(),
});
export type ProfileUpdate = z.input<typeof ProfileUpdateSchema>;

export interface ProfileUpdateResponse {
  user: ProfileUser;
}

/**
 * `POST /api/profile/password` → 204. Wrong current password → 422 fields.currentPassword (5 wrong
 * tries in 15 minutes → 429); on success every other session of the user ends, this one stays.
 */
export const PasswordChangeSchema = z.strictObject({
  currentPassword: z
    .string({ error: 'Enter your current password' })
    .min(1, 'Enter your current password')
    .max(1024, 'Password is too long'),
  newPassword: PasswordSchema,
});
export type PasswordChange = z.input<typeof PasswordChangeSchema>;
