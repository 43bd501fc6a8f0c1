// The /admin/comments page's actions: a status change, an edit, a reply, a delete (after confirmation) and a
// bulk action, each with its busy state, the status line afterwards and the list read again.
import { useState } from 'react';
import { useLocation, useRevalidator } from 'react-router-dom';
import type { AdminComment, CommentBulk, CommentStatus } from '../../../contracts/comments';
import { useApi } from '../../lib/api-context';
import { ApiError } from '../../lib/http';
import { useFlash } from './admin-kit';
import { bulkComments, deleteComment, replyToComment, updateComment } from './api';
import { focusMessage, useConfirmedDelete } from './use-confirmed-delete';

export const commentButtonId = (action: string, id: number) => `comment-${action}-${id}`;

export const STATUS_ACTIONS: Record<CommentStatus, string> = { approved: 'Approve', pending: 'Hold', spam: 'Spam', trash: 'Trash' };
const DONE: Record<CommentStatus, string> = { approved: 'approved', pending: 'held for moderation', spam: 'marked as spam', trash: 'moved to the trash' };

/** What was ticked, and on which list (the address's query): another tab, filter or page starts with none. */
export interface CommentSelection {
  search: string;
  ids: ReadonlySet<number>;
}

/** The ticked comments still on this page of this list, in its order: what a bulk action may act on. */
export const selectedOn = (items: readonly AdminComment[], selection: CommentSelection, search: string): number[] =>
  selection.search === search ? items.filter((c) => selection.ids.has(c.id)).map((c) => c.id) : [];

const failure = (error: unknown): string => (error instanceof ApiError ? error.message : 'That did not work; try again.');

export function useCommentActions(items: readonly AdminComment[]) {
  const api = useApi();
  const revalidator = useRevalidator();
  const { search } = useLocation();
  const [flash, setFlash] = useFlash();
  const [busyId, setBusyId] = useState<number | null>(null);
  const [bulkBusy, setBulkBusy] = useState(false);
  const [selection, setSelection] = useState<CommentSelection>({ search, ids: new Set() });
  const chosen = selectedOn(items, selection, search);
  const selected: ReadonlySet<number> = new Set(chosen);
  const setSelected = (ids: Iterable<number>) => setSelection({ search, ids: new Set(ids) });
  const remove = useConfirmedDelete<AdminComment>({
    remove: (c) => deleteComment(api, c.id),
    deleted: (c) => `The comment by ${c.name} was deleted.`,
    failed: failure,
    buttonId: (c) => commentButtonId('delete', c.id),
    setFlash,
  });

  /** Runs one change; true when it worked (the list is read again either way). */
  async function run(id: number | null, change: () => Promise<unknown>, done: string): Promise<boolean> {
    setBusyId(id);
    setFlash(null);
    try {
      await change();
      setFlash({ kind: 'ok', text: done });
      return true;
    } catch (error) {
      setFlash({ kind: 'error', text: failure(error) });
      return false;
    } finally {
      setBusyId(null);
      revalidator.revalidate();
      focusMessage();
    }
  }

  const setStatus = (c: AdminComment, status: CommentStatus) => run(c.id, () => updateComment(api, c.id, { status }), `The comment by ${c.name} was ${DONE[status]}.`);
  const edit = (c: AdminComment, body: string) => run(c.id, () => updateComment(api, c.id, { body }), `The comment by ${c.name} was saved.`);
  const reply = (c: AdminComment, body: string) => run(c.id, () => replyToComment(api, c.id, body), `Your reply to ${c.name} is published.`);
  async function bulk(action: CommentBulk['action']) {
    const ids = chosen;
    if (ids.length === 0 || bulkBusy) return;
    setBulkBusy(true);
    try {
      const ok = await run(null, () => bulkComments(api, { ids, action }), `${ids.length} ${ids.length === 1 ? 'comment' : 'comments'}: ${action === 'delete' ? 'deleted' : DONE[action]}.`);
      if (ok) setSelected([]);
    } finally {
      setBulkBusy(false);
    }
  }
  const toggle = (id: number, on: boolean) => setSelected(on ? [...chosen, id] : chosen.filter((c) => c !== id));

  return { flash, busyId, bulkBusy, selected, setSelected, toggle, setStatus, edit, reply, bulk, ...remove };
}
