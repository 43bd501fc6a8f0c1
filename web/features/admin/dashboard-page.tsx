import type { RouteHandle } from '../../app/route-kit';

export const handle: RouteHandle = { head: () => ({ title: 'Dashboard', noindex: true }) };

export function Component() {
  return (
    <main id="main" className="admin-main">
      <h1>Dashboard</h1>
    </main>
  );
}
