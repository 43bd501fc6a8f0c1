// `/search?q=&tag=`: full-text search over published posts (of one tag, if chosen), ranked, with
// highlighted snippets. A tag alone is that tag's page.
import { Form, redirect, useLoaderData } from 'react-router-dom';
import { FormField, SelectField } from '../../components/form-field';
import { Link } from '../../components/link';
import type { PostSearchResponse } from '../../../contracts/posts';
import { isSlug } from '../../../contracts/slug-rule';
import type { Tag } from '../../../contracts/tags';
import { paths } from '../../lib/paths';
import type { PageModule, RouteHandle } from '../../lib/route-kit';
import { Pagination } from '../../components/pagination';
import { PostMeta } from '../../components/post-card';
import { pageFrom, withinPages } from '../../lib/loader-kit';
import { TagChips } from '../../components/tag-chips';
import { SEARCH_MAX } from '../../../contracts/limits';

interface SearchData {
  q: string;
  /** The chosen tag's slug, or '' for any. */
  tag: string;
  tags: Tag[];
  results: PostSearchResponse | null;
}

export const loader: PageModule['loader'] = async ({ request }, { reads }) => {
  const params = new URL(request.url).searchParams;
  const q = (params.get('q') ?? '').trim().slice(0, SEARCH_MAX);
  const rawTag = (params.get('tag') ?? '').trim().toLowerCase();
  // A value no tag could have filters nothing rather than failing the page.
  const tag = isSlug(rawTag) ? rawTag : '';
  if (q === '' && tag !== '') throw redirect(paths.tag(tag));
  const [tags, results] = await Promise.all([
    reads.tags(),
    q === '' ? null : reads.search(q, tag || undefined, pageFrom(request)),
  ]);
  return { q, tag, tags: tags.items, results: results && withinPages(results) } satisfies SearchData;
};

function matchesHeading({ total, totalCapped }: PostSearchResponse, q: string, tag: Tag | undefined): string {
  const within = tag ? ` in ${tag.name}` : '';
  if (total === 0) return `No posts match “${q}”${within}`;
  if (totalCapped) return `${total}+ posts match “${q}”${within}, newest first`;
  return `${total} ${total === 1 ? 'post matches' : 'posts match'} “${q}”${within}`;
}

export const handle: RouteHandle = {
  head: (data) => {
    const q = (data as SearchData | undefined)?.q ?? '';
    return { title: q ? `Search: ${q}` : 'Search', noindex: true };
  },
};

function TagSelect({ tags, tag }: { tags: Tag[]; tag: string }) {
  if (tags.length === 0) return null;
  return (
    <SelectField id="search-page-tag" label="Tag" name="tag" defaultValue={tag} key={tag}>
      <option value="">Any tag</option>
      {tags.map((t) => (
        <option key={t.slug} value={t.slug}>
          {t.name} ({t.postCount})
        </option>
      ))}
    </SelectField>
  );
}

export function Component() {
  const { q, tag, tags, results } = useLoaderData() as SearchData;
  return (
    <main id="main" className="page">
      <h1>Search</h1>
      <Form method="get" action={paths.search()} role="search" aria-label="Search this page" className="search-form">
        <div className="inline-row search-fields">
          <FormField id="search-page-q" label="Search posts" type="search" name="q" defaultValue={q} maxLength={SEARCH_MAX} key={q} />
          <TagSelect tags={tags} tag={tag} />
          <button type="submit" className="primary">
            Search
          </button>
        </div>
      </Form>
      {results ? (
        <section aria-labelledby="results-heading">
          <h2 id="results-heading" aria-live="polite">
            {matchesHeading(results, q, tags.find((t) => t.slug === tag))}
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
                <TagChips tags={post.tags} label={`Tags of ${post.title}`} />
              </li>
            ))}
          </ol>
          <Pagination
            page={results.page}
            pageSize={results.pageSize}
            total={results.total}
            href={(n) => paths.search(q, tag, n)}
            label="Search results pages"
          />
        </section>
      ) : (
        <p className="muted">Type a few words to search titles, excerpts and bodies of published posts.</p>
      )}
    </main>
  );
}
