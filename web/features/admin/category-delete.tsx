// Deleting a category: the Worker refuses while any post (drafts too) uses it, so the screens say so up
// front — Delete is disabled with the reason beside it — instead of offering a delete that fails.
import { useState } from 'react';
import type { AdminCategory } from '../../../contracts/admin';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { useApi } from '../../lib/api-context';
import { ApiError } from '../../lib/http';
import type { Flash } from './admin-kit';
import { deleteCategory } from './api';

/** Why `category` cannot be deleted now, or null when it can. */
export function deleteBlockedReason(category: Pick<AdminCategory, 'totalCount'>): string | null {
  const n = category.totalCount;
  return n > 0 ? `Has ${n} ${n === 1 ? 'post' : 'posts'} — move or delete them first` : null;
}

/** Delete for one category: disabled, with the reason beside it, while posts use the category. */
export function DeleteCategoryButton({ category, onClick }: { category: AdminCategory; onClick: () => void }) {
  const reasonId = `category-delete-reason-${category.slug}`; // named, not useId() (see components/form-field.tsx)
  const blocked = deleteBlockedReason(category);
  return (
    <>
      <button type="button" className="danger" disabled={blocked !== null} aria-describedby={blocked ? reasonId : undefined} onClick={onClick}>
        Delete<span className="visually-hidden"> {category.name}</span>
      </button>
      {blocked ? (
        <span id={reasonId} className="delete-blocked">
          {blocked}
        </span>
      ) : null}
    </>
  );
}

/**
 * The confirmation and the request behind DeleteCategoryButton: `ask(category)` opens the one dialog a page
 * renders (`dialog`); `onDone` gets the outcome, and the page decides where to show it.
 */
export function useCategoryDelete(onDone: (outcome: { deleted: boolean; flash: NonNullable<Flash> }) => void) {
  const api = useApi();
  const [target, setTarget] = useState<AdminCategory | null>(null);
  const [busy, setBusy] = useState(false);

  async function confirm() {
    if (!target) return;
    setBusy(true);
    try {
      await deleteCategory(api, target.slug);
      onDone({ deleted: true, flash: { kind: 'ok', text: `Category “${target.name}” deleted.` } });
    } catch (error) {
      // Posts may have been added since the page loaded: the Worker's answer says how many.
      onDone({ deleted: false, flash: { kind: 'error', text: error instanceof ApiError ? error.message : 'Could not delete the category.' } });
    } finally {
      setBusy(false);
      setTarget(null);
    }
  }

  const dialog = (
    <ConfirmDialog
      open={target !== null}
      title="Delete this category?"
      message={`“${target?.name ?? ''}” will be removed.`}
      confirmLabel="Delete category"
      busy={busy}
      onCancel={() => setTarget(null)}
      onConfirm={() => void confirm()}
    />
  );
  return { ask: setTarget, dialog };
}
