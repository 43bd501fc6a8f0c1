// `/admin/users`: every account, searchable, filterable by role, 25 a page.
import { Link, useLoaderData } from 'react-router-dom';
import type { AdminUserList } from '../../../contracts/admin';
import { roleLabel } from '../../../contracts/roles';
import type { InviteList } from '../../../contracts/invites';
import { InvitesPanel } from './invites/invites-panel';
import { paths } from '../../lib/paths';
import type { PageModule, RouteHandle } from '../../lib/route-kit';
import { useDates } from '../../components/format';
import { DataTable } from '../../components/data-table';
import { pageFrom } from '../../lib/loader-kit';
import { AdminPage, FilteredPagination, FilterForm, filtersFrom, ListTotal, SelectFilter, TextFilter } from './admin-kit';
import { ROLE_OPTIONS } from './role-options';

interface UsersData {
  users: AdminUserList;
  /** The first page of pending invites (all of them: /admin/invites pages through more). */
  invites: InviteList;
  filters: Record<string, string>;
}

export const loader: PageModule['loader'] = async ({ request }, { reads }) => {
  const filters = filtersFrom(request, ['q', 'role']);
  const [users, invites] = await Promise.all([reads.admin.users(filters, pageFrom(request)), reads.admin.invites(1)]);
  return { users, invites, filters } satisfies UsersData;
};

export const handle: RouteHandle = { head: () => ({ title: 'Users', noindex: true }) };

export function Component() {
  const { formatDate } = useDates();
  const { users, invites, filters } = useLoaderData() as UsersData;
  return (
    <AdminPage title="Users" create={{ to: paths.admin.createUser(), label: 'New user' }}>
      <FilterForm label="Filter users" clearTo={paths.admin.users()}>
        <TextFilter id="u-q" name="q" label="Name, username or email" value={filters.q} />
        <SelectFilter id="u-role" name="role" label="Role" value={filters.role} options={ROLE_OPTIONS} />
      </FilterForm>
      <ListTotal total={users.total} one="user" many="users" />
      <DataTable caption="Users" columns={['Name', 'Username', 'Email', 'Role', 'Posts', 'Joined', 'State']}>
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
      </DataTable>
      <FilteredPagination list={users} base={paths.admin.users()} label="Users pages" />
      <InvitesPanel invites={invites} />
    </AdminPage>
  );
}
