// Finding published posts to feature: a search box and its results, each with an Add button.
import { useState, type FormEvent } from 'react';
import { SEARCH_MAX } from '../../../contracts/limits';
import type { PostSummary } from '../../../contracts/posts';
import { FormField } from '../../components/form-field';
import { useApi } from '../../lib/api-context';
import { httpReads } from '../../lib/page-reads-api';
import { ApiError } from '../../lib/http';
import type { FeaturedList } from './use-featured-list';
import { cannotAdd } from './featured-list';

export function FeaturedSearch({ list }: { list: FeaturedList }) {
  const api = useApi();
  const [q, setQ] = useState('');
  const [results, setResults] = useState<PostSummary[] | null>(null);
  const [searching, setSearching] = useState(false);

  async function onSearch(e: FormEvent) {
    e.preventDefault();
    if (q.trim() === '') return;
    setSearching(true);
    try {
      setResults((await httpReads(api).search(q.trim(), undefined, 1)).items);
    } catch (error) {
      list.setFlash({ kind: 'error', text: error instanceof ApiError ? error.message : 'Search failed.' });
    } finally {
      setSearching(false);
    }
  }

  return (
    <section aria-labelledby="add-heading" className="section">
      <h2 id="add-heading">Add published posts</h2>
      <form onSubmit={onSearch} role="search" aria-label="Find posts" className="filters">
        <FormField
          id="featured-q"
          label="Find posts"
          type="search"
          value={q}
          onChange={(e) => setQ(e.target.value)}
          placeholder="Title or text"
          maxLength={SEARCH_MAX}
        />
        <div className="filters-actions">
          <button type="submit" disabled={searching}>
            {searching ? 'Searching…' : 'Find'}
          </button>
        </div>
      </form>
      {results?.length === 0 ? <p className="empty">No published posts match.</p> : null}
      {results && results.length > 0 ? (
        <ul className="plain-list">
          {results.map((post) => {
            const blocked = cannotAdd(list.items, post);
            return (
              <li key={post.slug} className="inline-row">
                <span className="featured-title">{post.title}</span>
                <button type="button" onClick={() => list.add(post)} disabled={blocked !== null}>
                  {blocked === 'featured' ? 'Featured' : blocked === 'draft' ? 'Draft' : 'Add'}
                  <span className="visually-hidden"> {post.title}</span>
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
    </section>
  );
}
