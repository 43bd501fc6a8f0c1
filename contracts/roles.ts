// Roles and the current-user shapes, free of zod at run time so the client's first load stays small
// (the shapes are types inferred from user-responses.ts).
import type { z } from 'zod';
import type { CurrentUserResponseSchema, CurrentUserSchema, PublicUserSchema } from './user-responses';

export const ROLE_ADMIN = 0;
export const ROLE_AUTHOR = 1;
export const ROLE_EDITOR = 2;
export const ROLE_CONTRIBUTOR = 3;
export type Role = typeof ROLE_ADMIN | typeof ROLE_AUTHOR | typeof ROLE_EDITOR | typeof ROLE_CONTRIBUTOR;

/** Every role, most powerful first: the order screens list them in. */
export const ROLES: readonly Role[] = [ROLE_ADMIN, ROLE_EDITOR, ROLE_AUTHOR, ROLE_CONTRIBUTOR];

/** The signed-in user as the client holds it. */
export type CurrentUser = z.infer<typeof CurrentUserSchema>;

/** `GET /api/verify`, `POST /api/auth/login` and `/api/auth/register` → the signed-in user. */
export type CurrentUserResponse = z.infer<typeof CurrentUserResponseSchema>;

export type PublicUser = z.infer<typeof PublicUserSchema>;

/** Role 0 is the admin. The one admin check, on both sides. */
export const isAdmin = (user: { role: number } | null | undefined): boolean => user?.role === ROLE_ADMIN;

/** A stored role number as the contract's Role: a known role stays itself, anything else reads as author. */
export const toRole = (role: number): Role => ((ROLES as readonly number[]).includes(role) ? (role as Role) : ROLE_AUTHOR);

const LABELS = { [ROLE_ADMIN]: 'Admin', [ROLE_AUTHOR]: 'Author', [ROLE_EDITOR]: 'Editor', [ROLE_CONTRIBUTOR]: 'Contributor' } as const;
export type RoleLabel = (typeof LABELS)[Role];

/** How a role is named to people. */
export const roleLabel = (role: number): RoleLabel => LABELS[toRole(role)];
