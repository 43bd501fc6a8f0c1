// `/admin/comments`: moderation (product.md §18, decision 068). Filled in below.
import type { PageModule, RouteHandle } from '../../lib/route-kit';
import { AdminPage } from './admin-kit';

export const loader: PageModule['loader'] = async () => null;
export const handle: RouteHandle = { head: () => ({ title: 'Comments', noindex: true }) };

export function Component() {
  return <AdminPage title="Comments">{null}</AdminPage>;
}
