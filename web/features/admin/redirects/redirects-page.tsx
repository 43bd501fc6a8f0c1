// `/admin/redirects` (product.md §14): every redirect (from, to, status, source), newest first, 25 a
// page; the add form below; delete after confirmation. Byline adds its own (renamed categories and
// tags, imports); the admin adds and removes any.
import { useLoaderData, useRevalidator } from 'react-router-dom';
import type { ListPage } from '../../../../contracts/list-page';
import type { Redirect, RedirectSource } from '../../../../contracts/redirects';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DataTable } from '../../../components/data-table';
import { FormMessage } from '../../../components/form-message';
import { useApi } from '../../../lib/api-context';
import { ApiError } from '../../../lib/http';
import { pageFrom } from '../../../lib/loader-kit';
import { paths } from '../../../lib/paths';
import type { PageModule, RouteHandle } from '../../../lib/route-kit';
import { AdminPage, FilteredPagination, ListTotal, useFlash } from '../admin-kit';
import { focusMessage, useConfirmedDelete } from '../use-confirmed-delete';
import { AddRedirectForm } from './redirect-form';
import { deleteRedirect } from './redirects-api';

export const loader: PageModule['loader'] = async ({ request }, { reads }) => reads.admin.redirects(pageFrom(request));

export const handle: RouteHandle = { head: () => ({ title: 'Redirects', noindex: true }) };

/** Who made a redirect, in words. */
export const SOURCE_LABELS: Record<RedirectSource, string> = {
  manual: 'Added here',
  slug: 'Changed slug',
  category: 'Renamed category',
  tag: 'Renamed tag',
  import: 'Import',
};

const deleteButtonId = (id: number) => `redirect-delete-${id}`;

function RedirectRow({ redirect, onDelete }: { redirect: Redirect; onDelete: () => void }) {
  return (
    <tr>
      <td className="redirect-address">
        <code>{redirect.from}</code>
      </td>
      <td className="redirect-address">
        <code>{redirect.to}</code>
      </td>
      <td>{redirect.status}</td>
      <td>{SOURCE_LABELS[redirect.source]}</td>
      <td className="row-actions">
        <button type="button" id={deleteButtonId(redirect.id)} className="danger" onClick={onDelete}>
          Delete<span className="visually-hidden"> the redirect from {redirect.from}</span>
        </button>
      </td>
    </tr>
  );
}

export function Component() {
  const redirects = useLoaderData() as ListPage<Redirect>;
  const api = useApi();
  const revalidator = useRevalidator();
  const [flash, setFlash] = useFlash();
  const remove = useConfirmedDelete<Redirect>({
    remove: (r) => deleteRedirect(api, r.id),
    deleted: (r) => `Redirect from ${r.from} deleted.`,
    failed: (error, r) =>
      error instanceof ApiError && error.status === 404 ? `The redirect from ${r.from} was already deleted.` : `The redirect from ${r.from} could not be deleted; please try again.`,
    buttonId: (r) => deleteButtonId(r.id),
    setFlash,
  });

  const added = (r: Redirect) => {
    setFlash({ kind: 'ok', text: `Redirect added: ${r.from} → ${r.to} (${r.status}).` });
    revalidator.revalidate();
    focusMessage();
  };

  return (
    <AdminPage title="Redirects">
      <FormMessage message={flash?.text} kind={flash?.kind} />
      <ListTotal total={redirects.total} one="redirect" many="redirects" />
      {redirects.items.length === 0 ? (
        <p className="empty">No redirects yet.</p>
      ) : (
        <DataTable caption="Redirects" columns={['From', 'To', 'Status', 'Source', { label: 'Actions', hidden: true }]}>
          {redirects.items.map((r) => (
            <RedirectRow key={r.id} redirect={r} onDelete={() => remove.askDelete(r)} />
          ))}
        </DataTable>
      )}
      <FilteredPagination list={redirects} base={paths.admin.redirects()} label="Redirect pages" />
      <AddRedirectForm onAdded={added} />
      <ConfirmDialog
        open={remove.deleting !== null}
        title="Delete this redirect?"
        message={remove.deleting ? `Readers who follow an old link to ${remove.deleting.from} will get “not found” instead of ${remove.deleting.to}.` : ''}
        confirmLabel="Delete redirect"
        busy={remove.busy}
        onCancel={remove.cancelDelete}
        onConfirm={() => void remove.confirmDelete()}
      />
    </AdminPage>
  );
}
