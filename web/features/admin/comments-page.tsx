// `/admin/comments` (product.md §18, decision 068): tabs of pending, approved, spam and trash with their counts,
// a filter by post, each comment with its actions, and one action on the selected ones.
import { useState } from 'react';
import { Link, useLoaderData, useLocation } from 'react-router-dom';
import { COMMENT_BULK_ACTIONS, COMMENT_STATUSES, type AdminCommentList, type CommentBulk, type CommentStatus } from '../../../contracts/comments';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { FormMessage } from '../../components/form-message';
import { pageFrom } from '../../lib/loader-kit';
import type { PageModule, RouteHandle } from '../../lib/route-kit';
import { AdminPage, FilteredPagination, FilterForm, filtersFrom, TextFilter } from './admin-kit';
import { CommentRow } from './comment-row';
import { STATUS_ACTIONS, useCommentActions } from './use-comment-actions';

export const loader: PageModule['loader'] = async ({ request }, { reads }) => reads.admin.comments(filtersFrom(request, ['status', 'post']), pageFrom(request));

export const handle: RouteHandle = { head: () => ({ title: 'Comments', noindex: true }) };

const TAB_NAMES: Record<CommentStatus, string> = { pending: 'Pending', approved: 'Approved', spam: 'Spam', trash: 'Trash' };

function Tabs({ list, status, post }: { list: AdminCommentList; status: CommentStatus; post: string | undefined }) {
  const href = (s: CommentStatus) => `?${new URLSearchParams({ status: s, ...(post ? { post } : {}) }).toString()}`;
  return (
    <nav aria-label="Comments by status">
      <ul className="comment-tabs">
        {COMMENT_STATUSES.map((s) => (
          <li key={s}>
            <Link className="button" to={href(s)} aria-current={s === status ? 'page' : undefined}>
              {`${TAB_NAMES[s]} (${list.counts[s]})`}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function Component() {
  const list = useLoaderData() as AdminCommentList;
  const { search, pathname } = useLocation();
  const params = new URLSearchParams(search);
  const status = (COMMENT_STATUSES as readonly string[]).includes(params.get('status') ?? '') ? (params.get('status') as CommentStatus) : 'pending';
  const post = params.get('post') ?? undefined;
  const a = useCommentActions(list.items);
  const [bulkAction, setBulkAction] = useState<CommentBulk['action']>('approved');
  const [confirmBulk, setConfirmBulk] = useState(false);
  const allSelected = list.items.length > 0 && list.items.every((c) => a.selected.has(c.id));

  return (
    <AdminPage title="Comments">
      <FormMessage message={a.flash?.text} kind={a.flash?.kind} />
      <Tabs list={list} status={status} post={post} />
      <FilterForm label="Filter comments" clearTo={`${pathname}?status=${status}`}>
        <input type="hidden" name="status" value={status} />
        <TextFilter id="comments-post" name="post" label="Post (its slug)" value={post} />
      </FilterForm>
      {list.items.length === 0 ? (
        <p className="empty">No {TAB_NAMES[status].toLowerCase()} comments{post ? ' on this post' : ''}.</p>
      ) : (
        <>
          <div className="inline-row comment-bulk" role="group" aria-label="Bulk actions">
            <label>
              <input type="checkbox" checked={allSelected} onChange={(e) => a.setSelected(e.target.checked ? list.items.map((c) => c.id) : [])} /> Select all on this page
            </label>
            <label>
              With the selected{' '}
              <select value={bulkAction} onChange={(e) => setBulkAction(e.target.value as CommentBulk['action'])}>
                {COMMENT_BULK_ACTIONS.filter((x) => x !== status).map((x) => (
                  <option key={x} value={x}>
                    {x === 'delete' ? 'Delete' : STATUS_ACTIONS[x]}
                  </option>
                ))}
              </select>
            </label>
            <button type="button" disabled={a.selected.size === 0 || a.busyId !== null || a.bulkBusy} onClick={() => (bulkAction === 'delete' ? setConfirmBulk(true) : void a.bulk(bulkAction))}>
              Apply to {a.selected.size} selected
            </button>
          </div>
          <ul className="comment-rows">
            {list.items.map((c) => (
              <CommentRow
                key={c.id}
                comment={c}
                busy={a.busyId === c.id}
                selected={a.selected.has(c.id)}
                onSelect={(on) => a.toggle(c.id, on)}
                onStatus={(s) => void a.setStatus(c, s)}
                onEdit={(body) => a.edit(c, body)}
                onReply={(body) => a.reply(c, body)}
                onDelete={() => a.askDelete(c)}
              />
            ))}
          </ul>
          <FilteredPagination list={list} base={pathname} label="Comment pages" />
        </>
      )}
      <ConfirmDialog
        open={a.deleting !== null}
        title="Delete this comment?"
        message={a.deleting ? `The comment by ${a.deleting.name} and its replies will be deleted for good.` : ''}
        confirmLabel="Delete"
        busy={a.busy}
        onConfirm={() => void a.confirmDelete()}
        onCancel={a.cancelDelete}
      />
      <ConfirmDialog
        id="confirm-bulk"
        open={confirmBulk}
        title={`Delete ${a.selected.size} comments?`}
        message="The selected comments and their replies will be deleted for good."
        confirmLabel="Delete"
        busy={a.bulkBusy}
        onConfirm={() => {
          setConfirmBulk(false);
          void a.bulk('delete');
        }}
        onCancel={() => setConfirmBulk(false)}
      />
    </AdminPage>
  );
}
