// The admin layout: sidebar navigation of the screens the signed-in role may use, a link back to the site, the
// theme toggle. On small screens the sidebar is a bar above the page whose screens fold into a "Menu" disclosure
// naming the current one, so the page's own heading stays near the top.
import { NavLink, Outlet, useLocation } from 'react-router-dom';
import { can } from '../../../contracts/permissions';
import { pathTo, routeOf } from '../../../contracts/routes';
import { paths } from '../../lib/paths';
import { useSession } from '../../lib/session';
import { DisclosureMenu } from '../../components/disclosure-menu';
import { ThemeToggle } from '../../components/theme-toggle';

/** The sidebar's screens; each is listed to whoever may open it (the capability its route names). */
const SECTIONS = [
  { id: 'admin-dashboard', label: 'Dashboard' },
  { id: 'admin-posts', label: 'Posts' },
  { id: 'admin-pages', label: 'Pages' },
  { id: 'admin-categories', label: 'Categories' },
  { id: 'admin-featured', label: 'Featured' },
  { id: 'admin-tags', label: 'Tags' },
  { id: 'admin-comments', label: 'Comments' },
  { id: 'admin-media', label: 'Media' },
  { id: 'admin-navigation', label: 'Navigation' },
  { id: 'admin-redirects', label: 'Redirects' },
  { id: 'admin-users', label: 'Users' },
  { id: 'admin-invites', label: 'Invites' },
  { id: 'admin-import', label: 'Import' },
  { id: 'admin-export', label: 'Export' },
  { id: 'admin-settings', label: 'Settings' },
  { id: 'admin-subscribers', label: 'Subscribers' },
  // Mail that could not be sent (decision 059); short, so the phone's compact bar keeps its rows.
  { id: 'admin-mail', label: 'Mail' },
] as const;

export function AdminLayout() {
  const { user } = useSession();
  const { pathname } = useLocation();
  const sections = SECTIONS.filter((s) => can(user, routeOf(s.id).capability));
  const current = sections.find((s) => pathname === pathTo(s.id) || pathname.startsWith(`${pathTo(s.id)}/`));
  const links = (className: string) => (
    <ul className={className}>
      {sections.map((s) => (
        <li key={s.id}>
          <NavLink to={pathTo(s.id)}>{s.label}</NavLink>
        </li>
      ))}
    </ul>
  );
  return (
    <div className="admin-layout">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <aside className="admin-sidebar">
        <div className="admin-sidebar-top">
          <p className="site-name">Byline admin</p>
          <a className="admin-back" href={paths.home()}>
            ← Back to the site
          </a>
          <ThemeToggle />
        </div>
        {sections.length > 0 ? (
          <nav aria-label="Admin">
            {links('admin-nav-list')}
            <DisclosureMenu
              className="admin-nav-menu"
              summary={
                current ? (
                  <span>
                    Menu<span className="admin-nav-current">: {current.label}</span>
                  </span>
                ) : (
                  'Menu'
                )
              }
              closeWhen={pathname}
            >
              {links('admin-nav-menu-list')}
            </DisclosureMenu>
          </nav>
        ) : null}
      </aside>
      <Outlet />
    </div>
  );
}
