// The admin posts list's selection and bulk actions: which posts are ticked (on this page of this list),
// running one action on them, and what it did — each refused post named, and kept ticked for another try.
import { useState } from 'react';
import { useLocation, useRevalidator } from 'react-router-dom';
import type { BulkPostAction } from '../../../contracts/admin';
import type { Category } from '../../../contracts/categories';
import type { PostSummary } from '../../../contracts/posts';
import { useApi } from '../../lib/api-context';
import { ApiError } from '../../lib/http';
import { bulkPostAction } from './api';
import { bulkOutcome, selectedOn, type BulkOutcome } from './post-actions-bulk';

export function usePostBulk(items: readonly PostSummary[], categories: readonly Category[]) {
  const api = useApi();
  const revalidator = useRevalidator();
  // A selection belongs to the list it was made on: another page, filter or sort starts with none.
  const { search } = useLocation();
  const [selection, setSelection] = useState<{ search: string; slugs: ReadonlySet<string> }>({ search, slugs: new Set() });
  const slugs = selection.search === search ? selection.slugs : new Set<string>();
  const chosen = selectedOn(items, slugs);
  const [busy, setBusy] = useState<BulkPostAction | null>(null);
  const [outcome, setOutcome] = useState<BulkOutcome | null>(null);
  const [category, setCategory] = useState('');
  const [confirmingDelete, setConfirmingDelete] = useState(false);

  const select = (next: Iterable<string>) => setSelection({ search, slugs: new Set(next) });
  const allSelected = items.length > 0 && chosen.length === items.length;

  async function run(action: BulkPostAction) {
    const posts = chosen;
    if (posts.length === 0 || busy) return;
    setConfirmingDelete(false);
    setBusy(action);
    setOutcome(null);
    try {
      const input = { action, posts: posts.map((p) => ({ slug: p.slug, version: p.version })), ...(action === 'move' ? { category } : {}) };
      const done = bulkOutcome(action, await bulkPostAction(api, input), posts, categories.find((c) => c.slug === category)?.name);
      setOutcome(done);
      select(done.refused);
    } catch (error) {
      const text = error instanceof ApiError ? (Object.values(error.fields)[0] ?? error.message) : 'Something went wrong.';
      setOutcome({ kind: 'error', text, failures: [], refused: [] });
    } finally {
      setBusy(null);
      revalidator.revalidate();
    }
  }

  return {
    selected: chosen,
    isSelected: (slug: string) => slugs.has(slug),
    toggle: (slug: string) => select(slugs.has(slug) ? [...slugs].filter((s) => s !== slug) : [...slugs, slug]),
    allSelected,
    someSelected: chosen.length > 0 && !allSelected,
    toggleAll: () => select(allSelected ? [] : items.map((p) => p.slug)),
    busy,
    outcome,
    category,
    setCategory,
    run: (action: Exclude<BulkPostAction, 'delete'>) => void run(action),
    confirmingDelete,
    askDelete: () => setConfirmingDelete(true),
    cancelDelete: () => setConfirmingDelete(false),
    confirmDelete: () => void run('delete'),
  };
}

export type PostBulk = ReturnType<typeof usePostBulk>;
