// The admin layout: sidebar navigation (a compact bar above the page on small screens), a link back to
// the site, the theme toggle.
import { NavLink, Outlet } from 'react-router-dom';
import { paths } from '../../lib/paths';
import { ThemeToggle } from '../../components/theme-toggle';

const sections = [
  { to: paths.admin.dashboard(), label: 'Dashboard' },
  { to: paths.admin.posts(), label: 'Posts' },
  { to: paths.admin.pages(), label: 'Pages' },
  { to: paths.admin.categories(), label: 'Categories' },
  { to: paths.admin.featured(), label: 'Featured' },
  { to: paths.admin.tags(), label: 'Tags' },
  { to: paths.admin.navigation(), label: 'Navigation' },
  { to: paths.admin.redirects(), label: 'Redirects' },
  { to: paths.admin.users(), label: 'Users' },
  { to: paths.admin.import(), label: 'Import' },
  { to: paths.admin.export(), label: 'Export' },
  { to: paths.admin.settings(), label: 'Settings' },
];

export function AdminLayout() {
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
        <nav aria-label="Admin">
          <ul>
            {sections.map((s) => (
              <li key={s.to}>
                <NavLink to={s.to}>{s.label}</NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </aside>
      <Outlet />
    </div>
  );
}
