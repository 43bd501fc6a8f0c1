import { Outlet } from 'react-router-dom';
import { SiteFooter } from '../components/site-footer';
import { SiteHeader } from '../components/site-header';

export function DefaultLayout() {
  return (
    <div className="layout">
      <SiteHeader />
      <Outlet />
      <SiteFooter />
    </div>
  );
}
