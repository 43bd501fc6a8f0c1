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
import { toListPage } from './list-page';
import { answeredPageSize, pageLimit, pageOffsetOf, postsPerPageRead, type ListPageSize } from './posts-per-page';
import { allPublishedCount } from './post-counts';
import { visibleToReaders } from './post-visibility';
import { selectSummaries, toSummary } from './post-summaries';

export async function listHomeLatest(db: Db, input: { now: number; page: number; pageSize: ListPageSize }): Promise<ListPage<PostSummary>> {
  const values = { now: input.now, page: input.page, pageSize: input.pageSize };
  const [rows, total, perPage] = await runBuiltTogether(db, [
    builtOnce('home-latest-rows', values, (db, p) =>
      selectSummaries(db)
        .where(and(visibleToReaders(p.now), notInArray(posts.id, homeFeaturedIds(db, p.now))))
        .orderBy(desc(posts.publishedAt), desc(posts.id))
        .limit(pageLimit(p.pageSize))
        .offset(pageOffsetOf(p.page, p.pageSize)),
    ),
    builtOnce('home-latest-total', { now: input.now }, (db, p) =>
      db.select({ n: sql<number>`${allPublishedCount(p.now)} - count(*)` }).from(homeFeaturedIds(db, p.now).as('shown')),
    ),
    postsPerPageRead(),
  ]);
  return toListPage(rows.map(toSummary), total, { page: input.page, pageSize: answeredPageSize(input.pageSize, perPage) });
}
