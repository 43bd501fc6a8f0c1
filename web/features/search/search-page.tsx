// `/search?q=`: full-text search over published posts, ranked, with highlighted snippets.
import { Form, Link, useLoaderData } from 'react-router-dom';
import type { PostSearchResponse } from '../../../contracts/posts';
import { paths } from '../../lib/paths';
import type { PageModule, RouteHandle } from '../../lib/route-kit';
import { Pagination } from '../../components/pagination';
import { PostMeta } from '../../components/post-card';
import { pageFrom, withinPages } from '../../lib/loader-kit';
import { searchPosts } from './api';
import { SEARCH_MAX } from '../../../contracts/limits';

interface SearchData {
  q: string;
  results: PostSearchResponse | null;
}


export const loader: PageModule['loader'] = async ({ request }, { api }) => {
  const q = (new URL(request.url).searchParams.get('q') ?? '').trim().slice(0, SEARCH_MAX);
  if (q === '') return { q, results: null } satisfies SearchData;
  const results = await searchPosts(api, q, pageFrom(request));
  return { q, results: withinPages(results) } satisfies SearchData;
};

function matchesHeading({ total, totalCapped }: PostSearchResponse, q: string): string {
  if (total === 0) return `No posts match “${q}”`;
  if (totalCapped) return `${total}+ posts match “${q}”`;
  return `${total} ${total === 1 ? 'post matches' : 'posts match'} “${q}”`;
}

export const handle: RouteHandle = {
  head: (data) => {
    const q = (data as SearchData | undefined)?.q ?? '';
    return { title: q ? `Search: ${q}` : 'Search', noindex: true };
  },
};

export function Component() {
  const { q, results } = useLoaderData() as SearchData;
  return (
    <main id="main" className="page">
      <h1>Search</h1>
      <Form method="get" action={paths.search()} role="search" aria-label="Search this page" className="search-form">
        <label htmlFor="search-page-q">Search posts</label>
        <div className="inline-row">
          <input id="search-page-q" type="search" name="q" defaultValue={q} maxLength={SEARCH_MAX} key={q} />
          <button type="submit" className="primary">
            Search
          </button>
        </div>
      </Form>
      {results ? (
        <section aria-labelledby="results-heading">
          <h2 id="results-heading" aria-live="polite">
            {matchesHeading(results, q)}
          </h2>
          <ol className="search-results">
            {results.items.map((post) => (
              <li key={post.slug} className="post-card">
                <h3 className="post-card-title">
                  <Link to={paths.post(post.slug)}>{post.title}</Link>
                </h3>
                <PostMeta post={post} />
                {/* snippetHtml is escaped by the Worker; only its <mark> tags are markup. */}
                <p className="snippet" dangerouslySetInnerHTML={{ __html: post.snippetHtml }} />
              </li>
            ))}
          </ol>
          <Pagination
            page={results.page}
            pageSize={results.pageSize}
            total={results.total}
            href={(n) => `${paths.search(q)}${n > 1 ? `&page=${n}` : ''}`}
            label="Search results pages"
          />
        </section>
      ) : (
        <p className="muted">Type a few words to search titles, excerpts and bodies of published posts.</p>
      )}
    </main>
  );
}
