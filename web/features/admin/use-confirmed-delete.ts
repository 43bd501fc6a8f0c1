// Deleting one row of an admin list after confirmation: which row awaits the dialog, the busy state, the
// list refreshed and the status line focused afterwards, focus back on its Delete button when cancelled.
import { useState } from 'react';
import { useRevalidator } from 'react-router-dom';
import type { Flash } from './admin-kit';

/** Puts focus back on the element `id` (the button that opened a panel or dialog), once the list has re-rendered. */
export const refocus = (id: string) => requestAnimationFrame(() => document.getElementById(id)?.focus());
/** After a change the row may be gone: focus goes to the message saying what happened. */
export const focusMessage = () => requestAnimationFrame(() => document.querySelector<HTMLElement>('#main [data-form-message]')?.focus());

interface Options<T> {
  remove: (item: T) => Promise<unknown>;
  /** The status line once deleted, or once it failed with `error`. */
  deleted: (item: T) => string;
  failed: (error: unknown, item: T) => string;
  /** The id of the item's Delete button. */
  buttonId: (item: T) => string;
  setFlash: (flash: Flash) => void;
}

export function useConfirmedDelete<T>({ remove, deleted, failed, buttonId, setFlash }: Options<T>) {
  const revalidator = useRevalidator();
  const [deleting, setDeleting] = useState<T | null>(null);
  const [busy, setBusy] = useState(false);

  async function confirmDelete() {
    const item = deleting;
    if (item === null) return;
    setBusy(true);
    try {
      await remove(item);
      setFlash({ kind: 'ok', text: deleted(item) });
    } catch (error) {
      setFlash({ kind: 'error', text: failed(error, item) });
    } finally {
      setBusy(false);
      setDeleting(null);
      revalidator.revalidate();
      focusMessage();
    }
  }

  const cancelDelete = () => {
    if (deleting !== null) refocus(buttonId(deleting));
    setDeleting(null);
  };

  return { deleting, askDelete: setDeleting, cancelDelete, confirmDelete, busy };
}
