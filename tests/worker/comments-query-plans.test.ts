// Every comment read is an index search (decision 068): the post page's approved comments, "has this email an
// approved comment", the moderators' lists with their counts (every post's, one post's, an author's posts').
import { describe, expect, it } from 'vitest';
import { emailHasApprovedComment, findCommentAccess, listApprovedComments, listModeratedComments } from '../../worker/queries/comments';
import { plansOf } from './query-plan-kit';
import { commentOn, postWithAuthor } from './comments-kit';

const SCAN = /^SCAN (comments|posts|users)\b/;

function expectSearched(plans: { sql: string; plan: string[] }[]): void {
  for (const { sql, plan } of plans) {
    for (const step of plan) expect(step, `${sql}\n  ${plan.join('\n  ')}`).not.toMatch(SCAN);
  }
}

describe('comment reads use their indexes', () => {
  it('no read scans comments, posts or users, nor sorts in a temp B-tree', async () => {
    const { author, post } = await postWithAuthor();
    await commentOn(post.slug, { body: 'mine' }, author);
    const postId = (await findCommentAccessOf(post.slug)) ?? 0;
    const base = { status: 'pending' as const, page: 1, pageSize: 25, withEmail: true };
    const plans = await plansOf(async (db) => {
      await listApprovedComments(db, { postId });
      await listApprovedComments(db, { slug: post.slug, now: Date.now() });
      await emailHasApprovedComment(db, 'reader@example.com');
      await findCommentAccess(db, 1);
      await listModeratedComments(db, { ...base, scope: { authorId: null, postId: null } });
      await listModeratedComments(db, { ...base, scope: { authorId: null, postId } });
      await listModeratedComments(db, { ...base, scope: { authorId: author.id, postId: null } });
    });
    expectSearched(plans);
    // Pages come in index order: newest first by id within a status, oldest first on a post.
    for (const { sql, plan } of plans) expect(plan.join('\n'), sql).not.toMatch(/TEMP B-TREE/);
  });
});

async function findCommentAccessOf(slug: string): Promise<number | null> {
  const { env } = await import('cloudflare:test');
  const row = await env.DB.prepare('SELECT id FROM posts WHERE slug = ?').bind(slug).first<{ id: number }>();
  return row?.id ?? null;
}
