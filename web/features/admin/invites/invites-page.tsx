// `/admin/invites`: the pending invites and the invite form on their own, for editors, who may invite
// (`invites.send`) but not manage users; admins find the same on /admin/users.
import { useLoaderData } from 'react-router-dom';
import type { InviteList } from '../../../../contracts/invites';
import { pageFrom } from '../../../lib/loader-kit';
import { paths } from '../../../lib/paths';
import type { PageModule, RouteHandle } from '../../../lib/route-kit';
import { AdminPage, FilteredPagination } from '../admin-kit';
import { InvitesPanel } from './invites-panel';

export const loader: PageModule['loader'] = async ({ request }, { reads }) => reads.admin.invites(pageFrom(request));

export const handle: RouteHandle = { head: () => ({ title: 'Invites', noindex: true }) };

export function Component() {
  const invites = useLoaderData() as InviteList;
  return (
    <AdminPage title="Invites">
      <InvitesPanel invites={invites} />
      <FilteredPagination list={invites} base={paths.admin.invites()} label="Invite pages" />
    </AdminPage>
  );
}
