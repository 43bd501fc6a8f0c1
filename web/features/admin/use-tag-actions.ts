// The /admin/tags page's state: which panel (rename, merge) is open, which tag awaits delete confirmation,
// the status line, and where focus goes after each.
import { useState } from 'react';
import { useRevalidator } from 'react-router-dom';
import type { AdminTag } from '../../../contracts/tags';
import { useApi } from '../../lib/api-context';
import { useFlash } from './admin-kit';
import { deleteTag } from './api';
import { tagActionError } from './tag-edit';

type Editing = { mode: 'rename' | 'merge'; tag: AdminTag } | null;

export const actionButtonId = (mode: 'rename' | 'merge' | 'delete', slug: string) => `tag-${mode}-${slug}`;

/** Puts focus back on the button that opened a panel or dialog, once the list has re-rendered. */
const refocus = (id: string) => requestAnimationFrame(() => document.getElementById(id)?.focus());
/** After a change the row may be gone (merged, deleted, new slug): focus goes to the message saying what happened. */
const focusMessage = () => requestAnimationFrame(() => document.querySelector<HTMLElement>('#main [data-form-message]')?.focus());

/** The page's state: which panel is open, which tag awaits delete confirmation, and the status line. */
export function useTagActions() {
  const api = useApi();
  const revalidator = useRevalidator();
  const [flash, setFlash] = useFlash();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<AdminTag | null>(null);
  const [busy, setBusy] = useState(false);

  const open = (mode: 'rename' | 'merge', tag: AdminTag) => {
    setFlash(null);
    setEditing({ mode, tag });
  };
  const cancel = () => {
    if (editing) refocus(actionButtonId(editing.mode, editing.tag.slug));
    setEditing(null);
  };
  const done = (text: string) => {
    setEditing(null);
    setFlash({ kind: 'ok', text });
    revalidator.revalidate();
    focusMessage();
  };

  async function confirmDelete() {
    const tag = deleting;
    if (!tag) return;
    setBusy(true);
    try {
      await deleteTag(api, tag.slug);
      setFlash({ kind: 'ok', text: `Tag “${tag.name}” deleted.` });
    } catch (error) {
      setFlash({ kind: 'error', text: tagActionError(error, tag) });
    } finally {
      setBusy(false);
      setDeleting(null);
      revalidator.revalidate();
      focusMessage();
    }
  }

  const cancelDelete = () => {
    if (deleting) refocus(actionButtonId('delete', deleting.slug));
    setDeleting(null);
  };

  return { flash, editing, open, cancel, done, deleting, askDelete: setDeleting, cancelDelete, confirmDelete, busy };
}
