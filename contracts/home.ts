// `GET /api/home?page=N`: the home page's posts. Its featured section (page 1 only) and the latest posts
// less the ones that section shows, so a phone, where the two stack, never lists a post twice; the latest
// pages and their total leave those posts out on every page, so the pages tile without a gap or a repeat.
import type { ListPage } from './list-page';
import type { PostSummary } from './posts';

export { PageQuerySchema as HomeQuerySchema } from './lists';

export interface HomeResponse {
  /** The first HOME_FEATURED_COUNT featured posts readers can see, in the admin's order; empty after page 1. */
  featured: PostSummary[];
  /** Visible published posts newest first, without the home's featured ones, 12 a page. */
  latest: ListPage<PostSummary>;
}
