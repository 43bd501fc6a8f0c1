// `/`: the featured section (first 6, admin's order), the latest published posts 12 a page less those (so a
// phone, where the two stack, never shows a post twice), the categories.
import { useLoaderData } from 'react-router-dom';
import { Link } from '../../components/link';
import type { Category } from '../../../contracts/categories';
import type { ListPage } from '../../../contracts/lists';
import type { PostSummary } from '../../../contracts/posts';
import { paths } from '../../lib/paths';
import type { PageModule, RouteHandle } from '../../lib/route-kit';
import { Pagination } from '../../components/pagination';
import { firstCoverIndex, PostCard, PostGrid } from '../../components/post-card';
import { pageFrom, withinPages } from '../../lib/loader-kit';
import { websiteLd } from '../../lib/seo-head';
import { useSite } from '../../lib/site';

interface HomeData {
  featured: PostSummary[];
  latest: ListPage<PostSummary>;
  categories: Category[];
}

export const loader: PageModule['loader'] = async ({ request }, { reads }) => {
  const page = pageFrom(request);
  const [{ featured, latest }, categories] = await Promise.all([reads.home(page), reads.categories()]);
  return { featured, latest: withinPages(latest), categories: categories.items } satisfies HomeData;
};

export const handle: RouteHandle = {
  head: (data, _params, site) => {
    const page = (data as HomeData | undefined)?.latest.page ?? 1;
    return {
      title: page > 1 ? `Latest posts, page ${page}` : site.title,
      description: site.description,
      canonicalPath: paths.home(page),
      ogType: 'website',
      jsonLd: websiteLd(site),
    };
  },
};

export function Component() {
  const { featured, latest, categories } = useLoaderData() as HomeData;
  // Page 1 opens with the site's name (hidden) over Featured and Latest posts; a later page is only the
  // latest posts, so their heading is the page's h1 (one heading, not an h1 and an h2 saying the same).
  const later = latest.page > 1;
  const site = useSite();
  return (
    <main id="main" className="page home">
      {later ? null : <h1 className="visually-hidden">{site.title}</h1>}
      {featured.length > 0 ? (
        <section aria-labelledby="featured-heading" className="featured">
          <h2 id="featured-heading">Featured</h2>
          <div className="featured-grid">
            {featured.map((post, i) => (
              <PostCard key={post.slug} post={post} priority={i === firstCoverIndex(featured)} />
            ))}
          </div>
        </section>
      ) : null}
      <div className="home-columns">
        <section aria-labelledby="latest-heading">
          {later ? (
            <h1 id="latest-heading">Latest posts — page {latest.page}</h1>
          ) : (
            <h2 id="latest-heading">Latest posts</h2>
          )}
          <PostGrid posts={latest.items} empty="Nothing has been published yet." headingLevel={later ? 2 : 3} first={featured.length === 0} />
          <Pagination page={latest.page} pageSize={latest.pageSize} total={latest.total} href={paths.home} label="Latest posts pages" />
        </section>
        <aside aria-labelledby="categories-heading" className="home-categories">
          <h2 id="categories-heading">Categories</h2>
          <ul>
            {categories.map((c) => (
              <li key={c.slug}>
                <Link to={paths.category(c.slug)}>{c.name}</Link> <span className="count">({c.postCount})</span>
              </li>
            ))}
          </ul>
        </aside>
      </div>
    </main>
  );
}
