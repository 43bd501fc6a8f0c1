// The default layout: header (site name, categories, search, theme, account), the page, footer.
import { Outlet, useLoaderData } from 'react-router-dom';
import type { Category } from '../../contracts/categories';
import { SiteFooter } from '../components/site-footer';
import { SiteHeader } from '../components/site-header';
import type { PageModule } from '../lib/route-kit';

export const loader: PageModule['loader'] = async (_args, { reads }) => {
  try {
    return (await reads.categories()).items;
  } catch {
    return []; // the header can live without its category links; the page itself still renders
  }
};

// Categories change rarely; do not fetch them again on every navigation.
export const shouldRevalidate: PageModule['shouldRevalidate'] = () => false;

export function Component() {
  const categories = (useLoaderData() as Category[] | undefined) ?? [];
  return (
    <div className="layout">
      <SiteHeader categories={categories} />
      <Outlet />
      <SiteFooter />
    </div>
  );
}
