// `/admin/tags`: every tag with its published and all-status counts; rename, merge into another tag, delete (confirmed).
import { Link, useLoaderData } from 'react-router-dom';
import type { ListPage } from '../../../contracts/list-page';
import type { AdminTag } from '../../../contracts/tags';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { FormMessage } from '../../components/form-message';
import { DataTable } from '../../components/data-table';
import { pageFrom } from '../../lib/loader-kit';
import { paths } from '../../lib/paths';
import type { PageModule, RouteHandle } from '../../lib/route-kit';
import { AdminPage, FilteredPagination } from './admin-kit';
import { MergeTagForm, RenameTagForm } from './tag-forms';
import { deleteMessage } from './tag-edit';
import { actionButtonId, useTagActions } from './use-tag-actions';

export const loader: PageModule['loader'] = async ({ request }, { reads }) => reads.admin.tags(pageFrom(request));

export const handle: RouteHandle = { head: () => ({ title: 'Tags', noindex: true }) };

function TagRow({ tag, onRename, onMerge, onDelete }: { tag: AdminTag; onRename: () => void; onMerge: () => void; onDelete: () => void }) {
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
      <td>{tag.allPostCount}</td>
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
  const tags = useLoaderData() as ListPage<AdminTag>;
  const t = useTagActions();
  const panel = t.editing;

  return (
    <AdminPage title="Tags">
      <FormMessage message={t.flash?.text} kind={t.flash?.kind} />
      <p className="muted">
        {tags.total} {tags.total === 1 ? 'tag' : 'tags'}. Authors create tags as they write.
      </p>
      {tags.items.length === 0 ? (
        <p className="empty">No tags yet.</p>
      ) : (
        <DataTable caption="Tags" columns={['Name', 'Slug', 'Published', 'All posts', 'Actions']}>
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
