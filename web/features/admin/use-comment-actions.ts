// The /admin/comments page's actions: a status change, an edit, a reply, a delete (after confirmation) and a
// bulk action, each with its busy state, the status line afterwards and the list read again.
import { useState } from 'react';
import { useRevalidator } from 'react-router-dom';
import type { AdminComment, CommentBulk, CommentStatus } from '../../../contracts/comments';
import { useApi } from '../../lib/api-context';
import { ApiError } from '../../lib/http';
import { useFlash } from './admin-kit';
import { bulkComments, deleteComment, replyToComment, updateComment } from './api';
import { focusMessage, useConfirmedDelete } from './use-confirmed-delete';

export const commentButtonId = (action: string, id: number) => `comment-${action}-${id}`;

export const STATUS_ACTIONS: Record<CommentStatus, string> = { approved: 'Approve', pending: 'Hold', spam: 'Spam', trash: 'Trash' };
const DONE: Record<CommentStatus, string> = { approved: 'approved', pending: 'held for moderation', spam: 'marked as spam', trash: 'moved to the trash' };

const failure = (error: unknown): string => (error instanceof ApiError ? error.message : 'That did not work; try again.');

export function useCommentActions() {
  const api = useApi();
  const revalidator = useRevalidator();
  const [flash, setFlash] = useFlash();
  const [busyId, setBusyId] = useState<number | null>(null);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
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
    const ids = [...selected];
    if (ids.length === 0) return;
    const ok = await run(null, () => bulkComments(api, { ids, action }), `${ids.length} ${ids.length === 1 ? 'comment' : 'comments'}: ${action === 'delete' ? 'deleted' : DONE[action]}.`);
    if (ok) setSelected(new Set());
  }
  const toggle = (id: number, on: boolean) =>
    setSelected((now) => {
      const next = new Set(now);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  return { flash, busyId, selected, setSelected, toggle, setStatus, edit, reply, bulk, ...remove };
}
