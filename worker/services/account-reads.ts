// The signed-in user's own reads (profile, sessions) and the reset link's check, as their GET routes answer
// them and the page loaders get them.
import { PUBLIC_PAGE_SIZE, type PageQuerySchema } from '../../contracts/lists';
import { PASSWORD_RESET_TOKEN } from '../../contracts/password-reset';
import type { PasswordResetCheck, PasswordResetCheckQuerySchema } from '../../contracts/password-reset-check';
import type { ProfileResponse, ProfileSessionList } from '../../contracts/profile';
import { requireSignedIn } from '../lib/permissions';
import { hashToken } from '../lib/session-token';
import { findResetAccount } from '../queries/password-resets';
import { listPostsOfAuthor } from '../queries/posts';
import { toProfileUser } from '../queries/profile';
import { listSessionsOfUser } from '../queries/sessions';
import type { ReadContext, ReadInput } from './read-context';

/** The signed-in user and one page of their own posts, every status. */
export async function readProfile({ db, user }: ReadContext, { page }: ReadInput<typeof PageQuerySchema>): Promise<ProfileResponse> {
  const me = requireSignedIn(user);
  const posts = await listPostsOfAuthor(db, { authorId: me.id, page, pageSize: PUBLIC_PAGE_SIZE });
  return { user: toProfileUser(me), posts };
}

/** The signed-in user's live sessions, this one marked `current`. */
export async function readSessions({ db, user, sessionId, now }: ReadContext): Promise<ProfileSessionList> {
  const me = requireSignedIn(user);
  const rows = await listSessionsOfUser(db, me.id, now);
  return {
    items: rows.map((r) => ({
      id: r.publicId,
      userAgent: r.userAgent,
      lastSeenAt: r.lastSeenAt.toISOString(),
      createdAt: r.createdAt.toISOString(),
      current: r.sessionId === sessionId,
    })),
  };
}

/** Whether a reset link still works, without using it. */
export async function readPasswordResetCheck(
  { db, now }: ReadContext,
  { token }: ReadInput<typeof PasswordResetCheckQuerySchema>,
): Promise<PasswordResetCheck> {
  const live = PASSWORD_RESET_TOKEN.test(token) && (await findResetAccount(db, await hashToken(token), now)) !== null;
  return { valid: live };
}
