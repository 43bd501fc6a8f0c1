// A page that lists the published posts of one thing (a category, a tag), 12 a page: its name, its count,
// its feed, the posts and the pages. The category and tag pages are this with their own call and words.
import { useLoaderData } from 'react-router-dom';
import type { ListPage } from '../../../contracts/list-page';
import type { PostSummary } from '../../../contracts/posts';
import type { PageReads } from '../../../contracts/page-reads';
import { pageFrom, withinPages } from '../../lib/loader-kit';
import type { PageModule, RouteHandle } from '../../lib/route-kit';
import { collectionLd } from '../../lib/seo-head';
import { Pagination } from '../../components/pagination';
import { PostGrid } from '../../components/post-card';

interface Source {
  slug: string;
  name: string;
  description?: string;
}

interface ListingData<S extends Source> {
  source: S;
  posts: ListPage<PostSummary>;
}

interface ListingConfig<S extends Source> {
  /** The call that names the thing (its 404 is the page's 404). */
  get: (reads: PageReads, slug: string) => Promise<S>;
  /** The posts filter that lists its posts. */
  filter: 'category' | 'tag';
  /** A word above the name ("Tag"), if the name alone does not say what it is. */
  kicker?: string;
  href: (slug: string, page?: number) => string;
  feed: (slug: string) => string;
  /** The description when the thing has none of its own. */
  describe: (source: S) => string;
  empty: string;
}

const countText = (n: number) => `${n} ${n === 1 ? 'post' : 'posts'}`;

export function listingRoute<S extends Source>(config: ListingConfig<S>): Required<Pick<PageModule, 'loader' | 'handle' | 'Component'>> {
  const { get, filter, kicker, href, feed, describe, empty } = config;

  const loader: PageModule['loader'] = async ({ request, params }, { reads }) => {
    const slug = params.slug ?? '';
    const page = pageFrom(request);
    const [source, posts] = await Promise.all([get(reads, slug), reads.posts({ [filter]: slug, page })]);
    return { source, posts: withinPages(posts) } satisfies ListingData<S>;
  };

  const handle: RouteHandle = {
    head: (data, _params, site) => {
      const { source, posts } = data as ListingData<S>;
      const description = source.description || describe(source);
      return {
        title: posts.page > 1 ? `${source.name} — page ${posts.page}` : source.name,
        description,
        canonicalPath: href(source.slug, posts.page),
        feed: { title: `${source.name} — feed`, path: feed(source.slug) },
        jsonLd: collectionLd({ name: source.name, description, path: href(source.slug, posts.page) }, site),
      };
    },
  };

  function Component() {
    const { source, posts } = useLoaderData() as ListingData<S>;
    return (
      <main id="main" className="page">
        <header className="page-header">
          {kicker ? <p className="post-category">{kicker}</p> : null}
          <h1>{source.name}</h1>
          {source.description ? <p className="lead">{source.description}</p> : null}
          <p className="muted listing-meta">
            {countText(posts.total)}
            {' · '}
            {/* A plain link: the feed is served by the Worker, not a page of the app. */}
            <a href={feed(source.slug)} type="application/rss+xml">
              RSS feed<span className="visually-hidden"> of {source.name}</span>
            </a>
          </p>
        </header>
        <PostGrid posts={posts.items} empty={empty} headingLevel={2} />
        <Pagination page={posts.page} pageSize={posts.pageSize} total={posts.total} href={(n) => href(source.slug, n)} label={`${source.name} pages`} />
      </main>
    );
  }

  return { loader, handle, Component };
}
