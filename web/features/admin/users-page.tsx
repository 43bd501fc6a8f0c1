// `/admin/users`: every account, searchable, filterable by role, 25 a page.
import { Link, useLoaderData, useLocation } from 'react-router-dom';
import { ADMIN_SEARCH_MAX } from '../../../contracts/limits';
import type { AdminUserList } from '../../../contracts/admin';
import { roleLabel } from '../../../contracts/roles';
import { paths } from '../../lib/paths';
import type { PageModule, RouteHandle } from '../../lib/route-kit';
import { formatDate } from '../../components/format';
import { Pagination } from '../../components/pagination';
import { pageFrom } from '../../lib/loader-kit';
import { listAdminUsers } from './api';
import { AdminPage, FilterForm, filtersFrom, pageHrefKeepingFilters } from './admin-kit';

interface UsersData {
  users: AdminUserList;
  filters: Record<string, string>;
}

export const loader: PageModule['loader'] = async ({ request }, { api }) => {
  const filters = filtersFrom(request, ['q', 'role']);
  const users = await listAdminUsers(api, filters, pageFrom(request));
  return { users, filters } satisfies UsersData;
};

export const handle: RouteHandle = { head: () => ({ title: 'Users', noindex: true }) };

export function Component() {
  const { users, filters } = useLoaderData() as UsersData;
  const location = useLocation();
  const pageHref = (n: number) => pageHrefKeepingFilters(paths.admin.users(), location.search, n);
  return (
    <AdminPage
      title="Users"
      actions={
        <Link className="button primary" to={paths.admin.createUser()}>
          New user
        </Link>
      }
    >
      <FilterForm label="Filter users" clearTo={paths.admin.users()}>
        <div className="field">
          <label htmlFor="u-q">Name, username or email</label>
          <input id="u-q" type="search" name="q" defaultValue={filters.q ?? ''} maxLength={ADMIN_SEARCH_MAX} />
        </div>
        <div className="field">
          <label htmlFor="u-role">Role</label>
          <select id="u-role" name="role" defaultValue={filters.role ?? ''}>
            <option value="">Any</option>
            <option value="0">Admin</option>
            <option value="1">Author</option>
          </select>
        </div>
      </FilterForm>
      <p className="muted" aria-live="polite">
        {users.total} {users.total === 1 ? 'user' : 'users'}
      </p>
      <div className="table-wrap">
        <table className="data-table">
          <caption className="visually-hidden">Users</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Username</th>
              <th scope="col">Email</th>
              <th scope="col">Role</th>
              <th scope="col">Posts</th>
              <th scope="col">Joined</th>
              <th scope="col">State</th>
            </tr>
          </thead>
          <tbody>
            {users.items.map((u) => (
              <tr key={u.username}>
                <td>
                  <Link to={paths.admin.user(u.username)}>{u.name}</Link>
                </td>
                <td>@{u.username}</td>
                <td>{u.email}</td>
                <td>{roleLabel(u.role)}</td>
                <td>{u.postCount}</td>
                <td>
                  <time dateTime={u.createdAt}>{formatDate(u.createdAt)}</time>
                </td>
                <td>{u.disabled ? <span className="badge">Disabled</span> : <span className="badge published">Active</span>}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pagination page={users.page} pageSize={users.pageSize} total={users.total} href={pageHref} label="Users pages" />
    </AdminPage>
  );
}
