// "Also send by email" on publish (decision 069): the post input's `sendEmail: true` starts the post's one send
// when the write left the post published and readers can see it now (not a draft, not scheduled).
import type { Context } from 'hono';
import type { Post } from '../../contracts/posts';
import type { AppEnv } from '../env';
import { loadPost } from './post-writes';
import { startNewsletterSend } from './newsletter-send';

export async function sendByEmailIfAsked<E extends AppEnv>(c: Context<E>, asked: true | undefined, post: Post, now: number): Promise<void> {
  if (!asked || post.status !== 'published' || post.publishedAt === null || Date.parse(post.publishedAt) > now) return;
  const row = await loadPost(c.var.db, post.slug);
  await startNewsletterSend(c.env, c.var.db, row.id, c.var.requestId);
}
