// "Can be featured" is decided once (contracts/post-status.ts canBeFeatured): the admin API's PUT, the
// admin screen's Add button and a post's becoming a draft all follow that one rule.
import { describe, expect, it } from 'vitest';
import { canBeFeatured } from '../../contracts/post-status';
import type { Post } from '../../contracts/posts';
import { cannotAdd } from '../../web/features/admin/featured-list';
import { callAs, featuredSlugs } from './admin-kit';
import { createAdmin, createCategory, createPost, createUser, json, updateOf } from './factories';

describe('can be featured: one rule, every caller', () => {
  it('a draft cannot be featured through the API nor added on the screen; published and scheduled posts can', async () => {
    const [admin, author, category] = await Promise.all([createAdmin(), createUser(), createCategory()]);
    const samples: Record<string, Post> = {
      draft: await createPost(author, category, { status: 'draft' }),
      scheduled: await createPost(author, category, { publishedAt: new Date(Date.now() + 3_600_000).toISOString() }),
      published: await createPost(author, category),
    };
    const verdicts: Record<string, { rule: boolean; api: boolean; screen: boolean }> = {};
    for (const [kind, post] of Object.entries(samples)) {
      const res = await callAs(admin, '/api/admin/featured', { method: 'PUT', json: { slugs: [post.slug] } });
      verdicts[kind] = { rule: canBeFeatured(post), api: res.status === 200, screen: cannotAdd([], post) === null };
    }
    expect(verdicts).toEqual({
      draft: { rule: false, api: false, screen: false },
      scheduled: { rule: true, api: true, screen: true },
      published: { rule: true, api: true, screen: true },
    });
  });

  it('a featured post that becomes a draft leaves the list, as the rule says', async () => {
    const [admin, author, category] = await Promise.all([createAdmin(), createUser(), createCategory()]);
    const post = await createPost(author, category);
    await json(await callAs(admin, '/api/admin/featured', { method: 'PUT', json: { slugs: [post.slug] } }));
    const res = await callAs(author, `/api/posts/${post.slug}`, { method: 'PUT', json: updateOf(post, { status: 'draft' }) });
    const { post: draft } = await json<{ post: Post }>(res);
    expect(canBeFeatured(draft)).toBe(false);
    expect(await featuredSlugs()).toEqual([]);
  });
});
