// The default layout: header (site name, header menu, search, theme, account), the page, footer. The menus
// come with the settings from the root route's loader (decision 047).
import { Outlet } from 'react-router-dom';
import { SiteFooter } from '../components/site-footer';
import { SiteHeader } from '../components/site-header';

export function Component() {
  return (
    <div className="layout">
      <SiteHeader />
      <Outlet />
      <SiteFooter />
    </div>
  );
}
