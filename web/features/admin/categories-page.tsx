// `/admin/categories`: every category with its published and total post counts; delete only when empty.
import { Link, useLoaderData, useRevalidator } from 'react-router-dom';
import type { AdminCategory } from '../../../contracts/admin';
import { paths } from '../../lib/paths';
import type { PageModule, RouteHandle } from '../../lib/route-kit';
import { DataTable } from '../../components/data-table';
import { FormMessage } from '../../components/form-message';
import { AdminPage, useFlash } from './admin-kit';
import { DeleteCategoryButton, useCategoryDelete } from './category-delete';

export const loader: PageModule['loader'] = async (_args, { reads }) =>
  reads.admin.categories();

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
    <AdminPage title="Categories" create={{ to: paths.admin.createCategory(), label: 'New category' }}>
      <FormMessage message={flash?.text} kind={flash?.kind} />
      <DataTable caption="Categories" columns={['Name', 'Slug', 'Published', 'All posts', 'Actions']}>
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
      </DataTable>
      {remove.dialog}
    </AdminPage>
  );
}
