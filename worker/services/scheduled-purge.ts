// The cron's part in the edge cache (decision 057): a scheduled post going live changes its own address and
// every list of posts. Answers stored after it was scheduled expire at that moment anyway (lib/cache-headers.ts
// edgeLifetime: the scheduling itself was a write, which purged them); this purge, run by the scheduled handler
// each minute, is the backstop for what a lifetime cannot see: a schedule written outside the Worker, a
// lifetime rounded down to whole seconds.
import { createDb } from '../db/client';
import { purgeWorkersCache } from '../lib/cache-store';
import { postWriteTags } from '../lib/cache-tags';
import { slugsScheduledBetween } from '../queries/site-state';

/**
 * Purges from Workers Cache the tags of the posts whose scheduled moment fell in (fromMs, toMs] and the lists
 * of posts; answers the tags purged. Without Workers Cache (`wrangler dev`, tests) nothing needs purging: the
 * local cache key names the visibility epoch, which the moment moved.
 */
export async function purgeDueScheduled(env: Env, cache: CacheContext | undefined, fromMs: number, toMs: number): Promise<string[]> {
  if (!cache || toMs <= fromMs) return [];
  const slugs = await slugsScheduledBetween(createDb(env.DB), fromMs, toMs);
  if (slugs.length === 0) return [];
  const tags = postWriteTags(...slugs);
  await purgeWorkersCache(cache, tags, 'scheduled');
  return tags;
}
