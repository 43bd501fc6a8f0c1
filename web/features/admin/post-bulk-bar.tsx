// The admin posts list's bulk actions: how many posts are ticked, what to do with them, and what happened —
// the count and the result are announced; a delete asks first, naming how many.
import { useEffect, useRef } from 'react';
import type { Category } from '../../../contracts/categories';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { FormMessage } from '../../components/form-message';
import { postCount } from './post-actions-bulk';
import type { PostBulk } from './use-post-bulk';

export function PostBulkBar({ bulk, categories }: { bulk: PostBulk; categories: readonly Category[] }) {
  const n = bulk.selected.length;
  const off = n === 0 || bulk.busy !== null;
  // The button pressed is disabled once its posts are done: focus goes to the result, which is read out.
  const result = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (bulk.outcome) result.current?.querySelector<HTMLElement>('[data-form-message]')?.focus();
  }, [bulk.outcome]);
  return (
    <>
      <div className="bulk-bar" role="group" aria-label="Bulk actions" aria-busy={bulk.busy !== null}>
        <p className="bulk-count" aria-live="polite">
          {bulk.busy ? `Working on ${postCount(n)}…` : n === 0 ? 'Select posts to act on several at once.' : `${postCount(n)} selected`}
        </p>
        <button type="button" disabled={off} onClick={() => bulk.run('publish')}>
          Publish selected
        </button>
        <button type="button" disabled={off} onClick={() => bulk.run('unpublish')}>
          Unpublish selected
        </button>
        <span className="bulk-move">
          <label htmlFor="bulk-category">Move selected to</label>
          <select id="bulk-category" value={bulk.category} onChange={(e) => bulk.setCategory(e.target.value)}>
            <option value="">Choose a category</option>
            {categories.map((c) => (
              <option key={c.slug} value={c.slug}>
                {c.name}
              </option>
            ))}
          </select>
          <button type="button" disabled={off || bulk.category === ''} onClick={() => bulk.run('move')}>
            Move
          </button>
        </span>
        <button type="button" className="danger" disabled={off} onClick={bulk.askDelete}>
          Delete selected…
        </button>
      </div>
      <div ref={result}>
        {bulk.outcome ? (
          <FormMessage message={bulk.outcome.text} kind={bulk.outcome.kind}>
            {bulk.outcome.failures.length > 0 ? (
              <ul className="bulk-failures">
                {bulk.outcome.failures.map((f) => (
                  <li key={f}>{f}</li>
                ))}
              </ul>
            ) : null}
          </FormMessage>
        ) : null}
      </div>
      <ConfirmDialog
        id="bulk-delete"
        open={bulk.confirmingDelete}
        title={`Delete ${postCount(n)}?`}
        message={`${n === 1 ? 'It' : `These ${postCount(n)}`} will be removed for good, including from the featured list.`}
        confirmLabel={`Delete ${postCount(n)}`}
        busy={bulk.busy === 'delete'}
        onCancel={bulk.cancelDelete}
        onConfirm={bulk.confirmDelete}
      />
    </>
  );
}
