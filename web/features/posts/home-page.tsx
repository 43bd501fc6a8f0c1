import type { RouteHandle } from '../../app/route-kit';
import { SITE_DESCRIPTION, SITE_NAME } from '../../app/head';

export const handle: RouteHandle = { head: () => ({ title: SITE_NAME, description: SITE_DESCRIPTION, ogType: 'website' }) };

export function Component() {
  return (
    <main id="main" className="page">
      <h1>Latest from Byline</h1>
      <p>Stories, ideas and guides from our authors.</p>
    </main>
  );
}
