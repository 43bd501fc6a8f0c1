import { Form, Link } from 'react-router-dom';
import { paths } from '../app/paths';
import { isLoggedIn, useSession } from '../lib/session';
import { ThemeToggle } from './theme-toggle';
import { UserMenu } from './user-menu';

export interface HeaderCategory {
  slug: string;
  name: string;
}

export function SiteHeader({ categories = [] }: { categories?: HeaderCategory[] }) {
  const { user } = useSession();
  return (
    <header className="site-header">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <div className="site-header-row">
        <Link to={paths.home()} className="site-name">
          Byline
        </Link>
        <Form method="get" action={paths.search()} role="search" aria-label="Site search" className="site-search">
          <label htmlFor="site-search-q" className="visually-hidden">
            Search posts
          </label>
          <input id="site-search-q" type="search" name="q" placeholder="Search posts" maxLength={200} />
          <button type="submit">Search</button>
        </Form>
        <div className="site-actions">
          <ThemeToggle />
          {isLoggedIn(user) ? (
            <UserMenu user={user} />
          ) : (
            <>
              <Link to={paths.login()}>Log in</Link>
              <Link to={paths.register()} className="button">
                Register
              </Link>
            </>
          )}
        </div>
      </div>
      {categories.length > 0 ? (
        <nav aria-label="Categories" className="category-nav">
          <ul>
            {categories.map((c) => (
              <li key={c.slug}>
                <Link to={paths.category(c.slug)}>{c.name}</Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </header>
  );
}
