// The frame of the no-layout pages (login, register): the site name, the form, the theme toggle.
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../lib/paths';
import { ThemeToggle } from '../../components/theme-toggle';

export function AuthFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main id="main" className="auth-page">
      <div className="auth-card">
        <div className="auth-top">
          <Link to={paths.home()} className="site-name">
            Byline
          </Link>
          <ThemeToggle />
        </div>
        <h1>{title}</h1>
        {children}
      </div>
    </main>
  );
}
