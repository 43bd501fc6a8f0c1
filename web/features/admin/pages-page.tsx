// `/admin/pages`: every standalone page (drafts too) with its status and last change; edit, view, delete (confirmed).
import { useState } from 'react';
import { Link, useLoaderData, useRevalidator } from 'react-router-dom';
import type { PageList, PageSummary } from '../../../contracts/pages';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DataTable } from '../../components/data-table';
import { useDates } from '../../components/format';
import { FormMessage } from '../../components/form-message';
import { useApi } from '../../lib/api-context';
import { ApiError } from '../../lib/http';
import { pageFrom } from '../../lib/loader-kit';
import { deletePage } from '../../lib/pages-api';
import { paths } from '../../lib/paths';
import type { PageModule, RouteHandle } from '../../lib/route-kit';
import { AdminPage, FilteredPagination, ListTotal, useFlash } from './admin-kit';

export const loader: PageModule['loader'] = async ({ request }, { reads }) => reads.admin.pages(pageFrom(request));

export const handle: RouteHandle = { head: () => ({ title: 'Pages', noindex: true }) };

function PageRow({ page, onDelete }: { page: PageSummary; onDelete: () => void }) {
  const { formatDateTime } = useDates();
  const hidden = <span className="visually-hidden"> {page.title}</span>;
  const published = page.status === 'published';
  return (
    <tr>
      <td>
        <Link to={paths.admin.page(page.slug)}>{page.title}</Link>
        <br />
        <code>{paths.page(page.slug)}</code>
      </td>
      <td>
        <span className={published ? 'badge published' : 'badge'}>{published ? 'Published' : 'Draft'}</span>
      </td>
      <td>
        <time dateTime={page.updatedAt}>{formatDateTime(page.updatedAt)}</time>
      </td>
      <td className="row-actions">
        <Link to={paths.admin.page(page.slug)}>Edit{hidden}</Link>
        {published ? <Link to={paths.page(page.slug)}>View{hidden}</Link> : null}
        <button type="button" className="danger" onClick={onDelete}>
          Delete{hidden}
        </button>
      </td>
    </tr>
  );
}

export function Component() {
  const list = useLoaderData() as PageList;
  const api = useApi();
  const revalidator = useRevalidator();
  const [flash, setFlash] = useFlash();
  const [target, setTarget] = useState<PageSummary | null>(null);
  const [busy, setBusy] = useState(false);

  async function confirmDelete() {
    if (!target) return;
    setBusy(true);
    try {
      await deletePage(api, target.slug);
      setFlash({ kind: 'ok', text: `Page “${target.title}” deleted.` });
      revalidator.revalidate();
    } catch (error) {
      setFlash({ kind: 'error', text: error instanceof ApiError ? error.message : 'Could not delete the page.' });
    } finally {
      setBusy(false);
      setTarget(null);
    }
  }

  return (
    <AdminPage title="Pages" create={{ to: paths.admin.createPage(), label: 'New page' }}>
      <FormMessage message={flash?.text} kind={flash?.kind} />
      <ListTotal total={list.total} one="page" many="pages" />
      {list.items.length === 0 ? (
        <p>No pages yet. Pages such as About or Contact live at their own address and stay out of the post lists and feeds.</p>
      ) : (
        <DataTable caption="Pages" columns={['Title', 'Status', 'Updated', 'Actions']}>
          {list.items.map((page) => (
            <PageRow key={page.slug} page={page} onDelete={() => setTarget(page)} />
          ))}
        </DataTable>
      )}
      <FilteredPagination list={list} base={paths.admin.pages()} label="Pages" />
      <ConfirmDialog
        open={target !== null}
        title="Delete this page?"
        message={`“${target?.title ?? ''}” will be removed for good; its address will answer Page Not Found. This cannot be undone.`}
        confirmLabel="Delete page"
        busy={busy}
        onCancel={() => setTarget(null)}
        onConfirm={() => void confirmDelete()}
      />
    </AdminPage>
  );
}
