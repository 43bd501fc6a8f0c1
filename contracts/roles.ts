// Roles and the current-user shapes, free of zod so the client's first load stays small.
export const ROLE_ADMIN = 0;
export const ROLE_AUTHOR = 1;
export type Role = typeof ROLE_ADMIN | typeof ROLE_AUTHOR;

/** The signed-in user as the client holds it (seed-spec §3). */
export interface CurrentUser {
  name: string;
  username: string;
  bio: string;
  image: string | null;
  role: Role;
}

export interface PublicUser {
  username: string;
  name: string;
  bio: string;
  image: string | null;
}

export const isAdmin = (user: Pick<CurrentUser, 'role'> | null | undefined): boolean => user?.role === ROLE_ADMIN;
