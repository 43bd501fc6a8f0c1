// The home's latest posts: the visible published posts newest first, less the ones the featured section
// shows above them (contracts/home.ts). The page is the posts index less a list of ≤ 6 ids; the total is
// the stored count less those posts, in one batch so both see the same featured list.
import { and, desc, notInArray, sql } from 'drizzle-orm';
import type { ListPage } from '../../contracts/lists';
import type { PostSummary } from '../../contracts/posts';
import { builtOnce, runBuiltTogether } from '../db/built-once';
import { posts } from '../db/schema';
import type { Db } from '../env';
import { homeFeaturedIds } from './featured';
import { pageOffset, toListPage } from './list-page';
import { allPublishedCount } from './post-counts';
import { visibleToReaders } from './post-visibility';
import { selectSummaries, toSummary } from './post-summaries';

export async function listHomeLatest(db: Db, input: { now: number; page: number; pageSize: number }): Promise<ListPage<PostSummary>> {
  const values = { now: input.now, limit: input.pageSize, offset: pageOffset(input) };
  const [rows, total] = await runBuiltTogether(db, [
    builtOnce('home-latest-rows', values, (db, p) =>
      selectSummaries(db)
        .where(and(visibleToReaders(p.now), notInArray(posts.id, homeFeaturedIds(db, p.now))))
        .orderBy(desc(posts.publishedAt), desc(posts.id))
        .limit(p.limit)
        .offset(p.offset),
    ),
    builtOnce('home-latest-total', { now: input.now }, (db, p) =>
      db.select({ n: sql<number>`${allPublishedCount(p.now)} - count(*)` }).from(homeFeaturedIds(db, p.now).as('shown')),
    ),
  ]);
  return toListPage(rows.map(toSummary), total, input);
}
