// `/admin/categories`: every category with its published and total post counts; delete only when empty.
import { useState } from 'react';
import { Link, useLoaderData, useRevalidator } from 'react-router-dom';
import type { AdminCategory } from '../../../contracts/admin';
import { paths } from '../../app/paths';
import type { PageModule, RouteHandle } from '../../app/route-kit';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { useApi } from '../../lib/api-context';
import { ApiError } from '../../lib/http';
import { AdminPage, FlashMessage, type Flash } from './admin-kit';

export const loader: PageModule['loader'] = async (_args, { api }) =>
  (await api.private.request<{ items: AdminCategory[] }>('GET', '/api/admin/categories')).items;

export const handle: RouteHandle = { head: () => ({ title: 'Categories', noindex: true }) };

export function Component() {
  const categories = useLoaderData() as AdminCategory[];
  const api = useApi();
  const revalidator = useRevalidator();
  const [flash, setFlash] = useState<Flash>(null);
  const [deleting, setDeleting] = useState<AdminCategory | null>(null);
  const [busy, setBusy] = useState(false);

  async function onDelete() {
    if (!deleting) return;
    setBusy(true);
    try {
      await api.private.request('DELETE', `/api/admin/categories/${encodeURIComponent(deleting.slug)}`);
      setFlash({ kind: 'ok', text: `Category “${deleting.name}” deleted.` });
    } catch (error) {
      setFlash({ kind: 'error', text: error instanceof ApiError ? error.message : 'Could not delete the category.' });
    } finally {
      setBusy(false);
      setDeleting(null);
      revalidator.revalidate();
    }
  }

  return (
    <AdminPage
      title="Categories"
      actions={
        <Link className="button primary" to={paths.admin.createCategory()}>
          New category
        </Link>
      }
    >
      <FlashMessage flash={flash} />
      <div className="table-wrap">
        <table className="data-table">
          <caption className="visually-hidden">Categories</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Slug</th>
              <th scope="col">Published</th>
              <th scope="col">All posts</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {categories.map((c) => (
              <tr key={c.slug}>
                <td>
                  <Link to={paths.admin.category(c.slug)}>{c.name}</Link>
                </td>
                <td>
                  <code>{c.slug}</code>
                </td>
                <td>{c.postCount}</td>
                <td>{c.totalCount}</td>
                <td className="row-actions">
                  <Link to={paths.admin.category(c.slug)}>
                    Edit<span className="visually-hidden"> {c.name}</span>
                  </Link>
                  <button type="button" className="danger" onClick={() => setDeleting(c)}>
                    Delete<span className="visually-hidden"> {c.name}</span>
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this category?"
        message={
          deleting && deleting.totalCount > 0
            ? `“${deleting.name}” still has ${deleting.totalCount} ${deleting.totalCount === 1 ? 'post' : 'posts'}; it can only be deleted once they are moved.`
            : `“${deleting?.name ?? ''}” will be removed.`
        }
        confirmLabel="Delete category"
        busy={busy}
        onCancel={() => setDeleting(null)}
        onConfirm={() => void onDelete()}
      />
    </AdminPage>
  );
}
