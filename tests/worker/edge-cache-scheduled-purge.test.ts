// The cron's purge of scheduled posts (worker/services/scheduled-purge.ts, decision 057): the posts whose moment
// fell in (from, to] lose their address's copies and every list of posts; other windows purge nothing of theirs;
// without Workers Cache (the local path) nothing is asked of D1 or purged.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { purgeDueScheduled } from '../../worker/services/scheduled-purge';
import { createCategory, createPost, createUser } from './factories';
import { recordingCache } from './workers-cache-kit';

describe('purgeDueScheduled', () => {
  it("purges a scheduled post's address and the lists when its moment falls in the window, only then", async () => {
    const [author, category] = await Promise.all([createUser(), createCategory()]);
    const moment = Date.now() + 120_000;
    const post = await createPost(author, category, { publishedAt: new Date(moment).toISOString() });

    const due = recordingCache();
    const tags = await purgeDueScheduled(env, due, moment - 60_000, moment);
    expect(tags).toContain(`post:${post.slug}`);
    expect(tags).toContain('posts');
    expect(due.purges.flat()).toEqual(expect.arrayContaining([`post:${post.slug}`, 'posts']));

    for (const [from, to] of [
      [moment - 120_000, moment - 1],
      [moment, moment + 60_000],
    ] as const) {
      const other = recordingCache();
      await purgeDueScheduled(env, other, from, to);
      expect(other.purges.flat(), `${from}..${to}`).not.toContain(`post:${post.slug}`);
    }
  });

  it('on the local path (no Workers Cache) it purges nothing: the cache key names the visibility epoch', async () => {
    expect(await purgeDueScheduled(env, undefined, 0, Date.now() + 86_400_000)).toEqual([]);
  });
});
