// The /admin/tags page's state: which panel (rename, merge) is open, which tag awaits delete confirmation,
// the status line, and where focus goes after each.
import { useState } from 'react';
import { useRevalidator } from 'react-router-dom';
import type { AdminTag } from '../../../contracts/tags';
import { useApi } from '../../lib/api-context';
import { useFlash } from './admin-kit';
import { deleteTag } from './api';
import { tagActionError } from './tag-edit';
import { focusMessage, refocus, useConfirmedDelete } from './use-confirmed-delete';

type Editing = { mode: 'rename' | 'merge'; tag: AdminTag } | null;

export const actionButtonId = (mode: 'rename' | 'merge' | 'delete', slug: string) => `tag-${mode}-${slug}`;

/** The page's state: which panel is open, which tag awaits delete confirmation, and the status line. */
export function useTagActions() {
  const api = useApi();
  const revalidator = useRevalidator();
  const [flash, setFlash] = useFlash();
  const [editing, setEditing] = useState<Editing>(null);
  const remove = useConfirmedDelete<AdminTag>({
    remove: (tag) => deleteTag(api, tag.slug),
    deleted: (tag) => `Tag “${tag.name}” deleted.`,
    failed: tagActionError,
    buttonId: (tag) => actionButtonId('delete', tag.slug),
    setFlash,
  });

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

  return { flash, editing, open, cancel, done, ...remove };
}
