// The review queue's one write beyond publishing (product.md §15): a pending post goes back to its author
// as a draft, and the editor's note is mailed to them through the one mailer.
import { eq } from 'drizzle-orm';
import type { Context } from 'hono';
import type { PostResponse } from '../../contracts/posts';
import { users } from '../db/schema';
import type { AppEnv, Db, SessionUser } from '../env';
import { conflict } from '../lib/http-error';
import { postReturnedMail } from '../lib/review-mail';
import type { PostRow } from '../queries/posts';
import { changePostAs } from './post-writes';
import { mailAfterResponse } from './site-mail';

async function findRecipient(db: Db, userId: number): Promise<{ name: string; email: string } | undefined> {
  const [row] = await db.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
  return row;
}

/**
 * `POST /api/admin/posts/:slug/return {note}` as `user`: only a pending post (else 409, nothing changed),
 * made a draft through the versioned write every change takes (changed meanwhile → 409); the note is
 * mailed to its author after the answer.
 */
export async function returnPostToAuthor<E extends AppEnv>(
  c: Context<E>,
  user: SessionUser,
  post: PostRow,
  note: string,
  now: number,
): Promise<PostResponse> {
  const db = c.var.db;
  if (post.status !== 'pending') throw conflict('Only a post pending review can be returned to its author');
  const returned = await changePostAs(db, user, post, { status: 'draft', version: post.version }, now);
  const author = await findRecipient(db, post.authorId);
  if (author) mailAfterResponse(c, postReturnedMail(author, returned.post, note, user.name));
  return returned;
}
