// The featured list being edited: its items against the saved ones, the changes, the announcements, and
// saving the whole list in one request.
import { useState } from 'react';
import type { PostSummary } from '../../../contracts/posts';
import { useApi } from '../../lib/api-context';
import { ApiError } from '../../lib/http';
import { useUnsavedChangesWarning } from '../../lib/use-unsaved-changes';
import type { Flash } from './admin-kit';
import { saveFeatured } from './api';
import { add, move, removeAt, sameOrder, type Change } from './featured-list';

export function useFeaturedList(initial: PostSummary[]) {
  const api = useApi();
  const [items, setItems] = useState(initial);
  const [saved, setSaved] = useState(initial);
  const [flash, setFlash] = useState<Flash>(null);
  const [announce, setAnnounce] = useState('');
  const [saving, setSaving] = useState(false);
  const dirty = !sameOrder(items, saved);
  useUnsavedChangesWarning(dirty);

  const apply = (change: Change<PostSummary> | null) => {
    if (!change) return;
    setItems(change.items);
    setAnnounce(change.announce);
  };

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

  return {
    items,
    dirty,
    saving,
    flash,
    setFlash,
    announce,
    reorder: (from: number, to: number) => apply(move(items, from, to)),
    add: (post: PostSummary) => apply(add(items, post)),
    remove: (index: number) => apply(removeAt(items, index)),
    save,
  };
}

export type FeaturedList = ReturnType<typeof useFeaturedList>;
