// `/admin/featured`: the ordered featured list. Find published posts and add them; remove; reorder by
// drag and drop or by keyboard (Move up / Move down); save the whole list in one request.
import { useRef, useState, type FormEvent } from 'react';
import { useLoaderData } from 'react-router-dom';
import { FEATURED_MAX, HOME_FEATURED_COUNT, type PostSummary } from '../../../contracts/posts';
import type { PageModule, RouteHandle } from '../../lib/route-kit';
import { useApi } from '../../lib/api-context';
import { ApiError } from '../../lib/http';
import { listPosts } from '../../lib/content-api';
import { useUnsavedChangesWarning } from '../../lib/use-unsaved-changes';
import { AdminPage, FlashMessage, type Flash } from './admin-kit';
import { listAdminFeatured, saveFeatured } from './api';
import { SEARCH_MAX } from '../../../contracts/limits';

export const loader: PageModule['loader'] = async (_args, { api }) =>
  (await listAdminFeatured(api)).items;

export const handle: RouteHandle = { head: () => ({ title: 'Featured', noindex: true }) };

function move<T>(list: T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
}

export function Component() {
  const initial = useLoaderData() as PostSummary[];
  const api = useApi();
  const [items, setItems] = useState(initial);
  const [saved, setSaved] = useState(initial);
  const [flash, setFlash] = useState<Flash>(null);
  const [announce, setAnnounce] = useState('');
  const [saving, setSaving] = useState(false);
  const [q, setQ] = useState('');
  const [results, setResults] = useState<PostSummary[] | null>(null);
  const [searching, setSearching] = useState(false);
  const dragFrom = useRef<number | null>(null);
  const dirty = items.map((p) => p.slug).join() !== saved.map((p) => p.slug).join();
  useUnsavedChangesWarning(dirty);

  function reorder(from: number, to: number) {
    if (to < 0 || to >= items.length || from === to) return;
    const post = items[from];
    setItems(move(items, from, to));
    if (post) setAnnounce(`“${post.title}” moved to position ${to + 1} of ${items.length}.`);
  }

  function focusButton(slug: string, which: 'up' | 'down') {
    requestAnimationFrame(() => document.getElementById(`featured-${which}-${slug}`)?.focus());
  }

  async function onSearch(e: FormEvent) {
    e.preventDefault();
    if (q.trim() === '') return;
    setSearching(true);
    try {
      const res = await listPosts(api, { q: q.trim() });
      setResults(res.items);
    } catch (error) {
      setFlash({ kind: 'error', text: error instanceof ApiError ? error.message : 'Search failed.' });
    } finally {
      setSearching(false);
    }
  }

  function add(post: PostSummary) {
    if (items.length >= FEATURED_MAX || items.some((p) => p.slug === post.slug)) return;
    setItems([...items, post]);
    setAnnounce(`“${post.title}” added at position ${items.length + 1}.`);
  }

  function remove(index: number) {
    const post = items[index];
    setItems(items.filter((_, i) => i !== index));
    if (post) setAnnounce(`“${post.title}” removed.`);
  }

  async function save() {
    setSaving(true);
    setFlash(null);
    try {
      const res = await saveFeatured(api, { slugs: items.map((p) => p.slug) });
      setItems(res.items);
      setSaved(res.items);
      setFlash({ kind: 'ok', text: 'Featured list saved.' });
    } catch (error) {
      setFlash({ kind: 'error', text: error instanceof ApiError ? (Object.values(error.fields)[0] ?? error.message) : 'Could not save.' });
    } finally {
      setSaving(false);
    }
  }

  return (
    <AdminPage
      title="Featured"
      actions={
        <button type="button" className="primary" onClick={() => void save()} disabled={saving || !dirty}>
          {saving ? 'Saving…' : dirty ? 'Save order' : 'Saved'}
        </button>
      }
    >
      <FlashMessage flash={flash} />
      <p className="muted">
        {items.length} of {FEATURED_MAX}. The home page shows the first {HOME_FEATURED_COUNT}. Drag to reorder, or use the Move buttons.
      </p>
      <p className="visually-hidden" aria-live="assertive">
        {announce}
      </p>
      {items.length === 0 ? <p className="empty">Nothing is featured. Find posts below to add them.</p> : null}
      <ol className="featured-list">
        {items.map((post, i) => (
          <li
            key={post.slug}
            draggable
            onDragStart={(e) => {
              dragFrom.current = i;
              e.dataTransfer.effectAllowed = 'move';
            }}
            onDragOver={(e) => e.preventDefault()}
            onDrop={(e) => {
              e.preventDefault();
              if (dragFrom.current !== null) reorder(dragFrom.current, i);
              dragFrom.current = null;
            }}
            className={i < HOME_FEATURED_COUNT ? 'on-home' : undefined}
          >
            <span className="drag-handle" aria-hidden="true">
              ⋮⋮
            </span>
            <span className="featured-title">
              {post.title} <span className="muted">· {post.author.name}</span>
            </span>
            <span className="row-actions">
              <button
                id={`featured-up-${post.slug}`}
                type="button"
                onClick={() => {
                  reorder(i, i - 1);
                  focusButton(post.slug, i - 1 === 0 ? 'down' : 'up');
                }}
                disabled={i === 0}
              >
                Move up<span className="visually-hidden"> {post.title}</span>
              </button>
              <button
                id={`featured-down-${post.slug}`}
                type="button"
                onClick={() => {
                  reorder(i, i + 1);
                  focusButton(post.slug, i + 1 === items.length - 1 ? 'up' : 'down');
                }}
                disabled={i === items.length - 1}
              >
                Move down<span className="visually-hidden"> {post.title}</span>
              </button>
              <button type="button" className="danger" onClick={() => remove(i)}>
                Remove<span className="visually-hidden"> {post.title}</span>
              </button>
            </span>
          </li>
        ))}
      </ol>

      <section aria-labelledby="add-heading" className="section">
        <h2 id="add-heading">Add published posts</h2>
        <form onSubmit={onSearch} role="search" aria-label="Find posts" className="filters">
          <div className="field">
            <label htmlFor="featured-q">Find posts</label>
            <input id="featured-q" type="search" value={q} onChange={(e) => setQ(e.target.value)} placeholder="Title or text" maxLength={SEARCH_MAX} />
          </div>
          <div className="filters-actions">
            <button type="submit" disabled={searching}>
              {searching ? 'Searching…' : 'Find'}
            </button>
          </div>
        </form>
        {results ? (
          results.length === 0 ? (
            <p className="empty">No published posts match.</p>
          ) : (
            <ul className="plain-list">
              {results.map((post) => {
                const already = items.some((p) => p.slug === post.slug);
                return (
                  <li key={post.slug} className="inline-row">
                    <span className="featured-title">{post.title}</span>
                    <button type="button" onClick={() => add(post)} disabled={already || items.length >= FEATURED_MAX}>
                      {already ? 'Featured' : 'Add'}
                      <span className="visually-hidden"> {post.title}</span>
                    </button>
                  </li>
                );
              })}
            </ul>
          )
        ) : null}
      </section>
    </AdminPage>
  );
}
