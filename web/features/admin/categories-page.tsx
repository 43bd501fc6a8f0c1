// `/admin/categories`: every category with its published and total post counts; delete only when empty.
import { Link, useLoaderData, useRevalidator } from 'react-router-dom';
import type { AdminCategory } from '../../../contracts/admin';
import { paths } from '../../lib/paths';
import type { PageModule, RouteHandle } from '../../lib/route-kit';
import { AdminPage, FlashMessage, useFlash } from './admin-kit';
import { listAdminCategories } from './api';
import { DeleteCategoryButton, useCategoryDelete } from './category-delete';

export const loader: PageModule['loader'] = async (_args, { api }) =>
  listAdminCategories(api);

export const handle: RouteHandle = { head: () => ({ title: 'Categories', noindex: true }) };

export function Component() {
  const categories = useLoaderData() as AdminCategory[];
  const revalidator = useRevalidator();
  const [flash, setFlash] = useFlash();
  const remove = useCategoryDelete(({ flash: result }) => {
    setFlash(result);
    revalidator.revalidate();
  });

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
                  <DeleteCategoryButton category={c} onClick={() => remove.ask(c)} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {remove.dialog}
    </AdminPage>
  );
}
