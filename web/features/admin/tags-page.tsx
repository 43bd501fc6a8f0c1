// `/admin/tags`: every tag with its published count; rename, merge into another tag, delete (confirmed).
import { useState } from 'react';
import { Link, useLoaderData, useRevalidator } from 'react-router-dom';
import type { ListPage } from '../../../contracts/list-page';
import type { Tag } from '../../../contracts/tags';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { FormMessage } from '../../components/form-message';
import { DataTable } from '../../components/data-table';
import { useApi } from '../../lib/api-context';
import { pageFrom } from '../../lib/loader-kit';
import { paths } from '../../lib/paths';
import type { PageModule, RouteHandle } from '../../lib/route-kit';
import { AdminPage, FilteredPagination, useFlash } from './admin-kit';
import { deleteTag, listAdminTags } from './api';
import { MergeTagForm, RenameTagForm } from './tag-forms';
import { deleteMessage, tagActionError } from './tag-edit';

export const loader: PageModule['loader'] = async ({ request }, { api }) => listAdminTags(api, pageFrom(request));

export const handle: RouteHandle = { head: () => ({ title: 'Tags', noindex: true }) };

type Editing = { mode: 'rename' | 'merge'; tag: Tag } | null;

const actionButtonId = (mode: 'rename' | 'merge' | 'delete', slug: string) => `tag-${mode}-${slug}`;

/** Puts focus back on the button that opened a panel or dialog, once the list has re-rendered. */
const refocus = (id: string) => requestAnimationFrame(() => document.getElementById(id)?.focus());
/** After a change the row may be gone (merged, deleted, new slug): focus goes to the message saying what happened. */
const focusMessage = () => requestAnimationFrame(() => document.querySelector<HTMLElement>('#main [data-form-message]')?.focus());

/** The page's state: which panel is open, which tag awaits delete confirmation, and the status line. */
function useTagActions() {
  const api = useApi();
  const revalidator = useRevalidator();
  const [flash, setFlash] = useFlash();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Tag | null>(null);
  const [busy, setBusy] = useState(false);

  const open = (mode: 'rename' | 'merge', tag: Tag) => {
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

function TagRow({ tag, onRename, onMerge, onDelete }: { tag: Tag; onRename: () => void; onMerge: () => void; onDelete: () => void }) {
  const hidden = <span className="visually-hidden"> {tag.name}</span>;
  return (
    <tr>
      <td>
        <Link to={paths.tag(tag.slug)}>{tag.name}</Link>
      </td>
      <td>
        <code>{tag.slug}</code>
      </td>
      <td>{tag.postCount}</td>
      <td className="row-actions">
        <button type="button" id={actionButtonId('rename', tag.slug)} onClick={onRename}>
          Rename{hidden}
        </button>
        <button type="button" id={actionButtonId('merge', tag.slug)} onClick={onMerge}>
          Merge{hidden}
        </button>
        <button type="button" id={actionButtonId('delete', tag.slug)} className="danger" onClick={onDelete}>
          Delete{hidden}
        </button>
      </td>
    </tr>
  );
}

export function Component() {
  const tags = useLoaderData() as ListPage<Tag>;
  const t = useTagActions();
  const panel = t.editing;

  return (
    <AdminPage title="Tags">
      <FormMessage message={t.flash?.text} kind={t.flash?.kind} />
      <p className="muted">
        {tags.total} {tags.total === 1 ? 'tag' : 'tags'}. Authors create tags as they write; the count is of published posts.
      </p>
      {tags.items.length === 0 ? (
        <p className="empty">No tags yet.</p>
      ) : (
        <DataTable caption="Tags" columns={['Name', 'Slug', 'Published posts', 'Actions']}>
          {tags.items.map((tag) => (
            <TagRow
              key={tag.slug}
              tag={tag}
              onRename={() => t.open('rename', tag)}
              onMerge={() => t.open('merge', tag)}
              onDelete={() => t.askDelete(tag)}
            />
          ))}
        </DataTable>
      )}
      <FilteredPagination list={tags} base={paths.admin.tags()} label="Tags pages" />
      {panel?.mode === 'rename' ? <RenameTagForm key={panel.tag.slug} tag={panel.tag} onDone={t.done} onCancel={t.cancel} /> : null}
      {panel?.mode === 'merge' ? (
        <MergeTagForm key={panel.tag.slug} tag={panel.tag} tags={tags.items} onDone={t.done} onCancel={t.cancel} />
      ) : null}
      <ConfirmDialog
        open={t.deleting !== null}
        title="Delete this tag?"
        message={t.deleting ? deleteMessage(t.deleting) : ''}
        confirmLabel="Delete tag"
        busy={t.busy}
        onCancel={t.cancelDelete}
        onConfirm={() => void t.confirmDelete()}
      />
    </AdminPage>
  );
}
