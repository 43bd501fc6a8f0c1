// Comments in Worker tests: a published post of its own author, a comment through the API, and the stored rows.
import { env } from 'cloudflare:test';
import { expect } from 'vitest';
import type { AdminCommentList, CommentCreated, PublicCommentList } from '../../contracts/comments';
import type { Post, PostInput } from '../../contracts/posts';
import type { Role } from '../../contracts/roles';
import { callAs } from './admin-kit';
import { call, uniqueIp } from './helpers';
import { createCategory, createPost, createUser, json, uid, type TestUser } from './factories';

/** A published post by an author of its own (and that author). */
export async function postWithAuthor(role: Role = 1, overrides: Partial<PostInput> = {}): Promise<{ author: TestUser; post: Post }> {
  const [author, category] = await Promise.all([createUser({ role }), createCategory()]);
  return { author, post: await createPost(author, category, overrides) };
}

/** A visitor's comment body: its own name and email unless given. */
export const visitorComment = (over: Record<string, unknown> = {}) => {
  const id = uid(8);
  return { name: `Reader ${id}`, email: `reader-${id}@example.com`, body: `A thought, ${id}.`, ...over };
};

/** POST /api/posts/:slug/comments as `who` (null: a visitor) from `ip` (one of its own unless given). */
export const sendComment = (slug: string, body: Record<string, unknown>, who: TestUser | null = null, ip = uniqueIp()) =>
  who ? callAs(who, `/api/posts/${slug}/comments`, { json: body }) : call(`/api/posts/${slug}/comments`, { json: body, ip });

/** A comment that must be created: its answer. */
export async function commentOn(slug: string, body: Record<string, unknown> = visitorComment(), who: TestUser | null = null): Promise<CommentCreated> {
  return json<CommentCreated>(await sendComment(slug, body, who), 201);
}

/** What readers see of a post's comments. */
export const readComments = async (slug: string): Promise<PublicCommentList> => json<PublicCommentList>(await call(`/api/posts/${slug}/comments`));

export const moderate = (who: TestUser | null, id: number, patch: Record<string, unknown>) =>
  callAs(who, `/api/admin/comments/${id}`, { method: 'PATCH', json: patch });

export async function approve(who: TestUser, id: number): Promise<void> {
  const res = await moderate(who, id, { status: 'approved' });
  expect(res.status, await res.clone().text()).toBe(204);
}

export const adminList = async (who: TestUser, query = ''): Promise<AdminCommentList> => json<AdminCommentList>(await callAs(who, `/api/admin/comments${query}`));

export interface CommentDbRow {
  id: number;
  post_id: number;
  parent_id: number | null;
  user_id: number | null;
  name: string;
  email: string;
  body: string;
  body_html: string;
  status: string;
}

export const commentRow = (id: number) => env.DB.prepare('SELECT * FROM comments WHERE id = ?').bind(id).first<CommentDbRow>();

export async function commentsOnPost(slug: string): Promise<number> {
  const row = await env.DB.prepare('SELECT count(*) AS n FROM comments WHERE post_id = (SELECT id FROM posts WHERE slug = ?)').bind(slug).first<{ n: number }>();
  return row?.n ?? 0;
}

export async function storedCount(slug: string): Promise<number> {
  const row = await env.DB.prepare('SELECT comment_count AS n FROM posts WHERE slug = ?').bind(slug).first<{ n: number }>();
  return row?.n ?? -1;
}

/** Sets the site-wide switch (the one settings row). */
export const setSiteComments = (on: boolean) => env.DB.prepare('UPDATE settings SET comments = ? WHERE id = 1').bind(on ? 1 : 0).run();
