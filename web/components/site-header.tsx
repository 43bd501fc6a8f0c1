// The site's header: name, search, theme and account; the header menu (a new site's: its categories) as a
// row of links, or on phones as a <details> menu (works before hydration, keyboard and screen-reader usable
// without extra code).
import { Form, useLocation } from 'react-router-dom';
import { Link } from './link';
import { DisclosureMenu } from './disclosure-menu';
import { MenuLinks } from './menu-links';
import { RegisterLink, useRegistrationOpen } from './register-link';
import { paths } from '../lib/paths';
import { isLoggedIn, useSession } from '../lib/session';
import { useSite, useSiteNavigation } from '../lib/site';
import { ThemeToggle } from './theme-toggle';
import { UserMenu } from './user-menu';
import { SEARCH_MAX } from '../../contracts/limits';

export function SiteHeader() {
  const { user } = useSession();
  const site = useSite();
  const { header } = useSiteNavigation();
  const canRegister = useRegistrationOpen();
  // The phone menu closes after a category (or any link) is followed.
  const { pathname, search } = useLocation();
  return (
    <header className="site-header">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <div className="site-header-row">
        <Link to={paths.home()} className="site-name">
          {site.logo ? (
            <img className="site-logo" src={site.logo} alt={site.title} width={site.logoWidth ?? undefined} height={site.logoHeight ?? undefined} />
          ) : (
            site.title
          )}
        </Link>
        <Form method="get" action={paths.search()} role="search" aria-label="Site search" className="site-search">
          <label htmlFor="site-search-q" className="visually-hidden">
            Search posts
          </label>
          <input id="site-search-q" type="search" name="q" placeholder="Search posts" maxLength={SEARCH_MAX} />
          <button type="submit">Search</button>
        </Form>
        <div className="site-actions">
          <ThemeToggle />
          {isLoggedIn(user) ? (
            <UserMenu user={user} />
          ) : (
            <>
              <Link to={paths.login()}>Log in</Link>
              {canRegister ? <RegisterLink className="button">Register</RegisterLink> : null}
            </>
          )}
        </div>
      </div>
      {header.length > 0 ? (
        <nav aria-label="Menu" className="category-nav">
          <MenuLinks items={header} className="category-list" />
          <DisclosureMenu className="category-menu" summary="Menu" closeWhen={pathname + search}>
            <MenuLinks items={header} className="category-menu-list" />
          </DisclosureMenu>
        </nav>
      ) : null}
    </header>
  );
}
