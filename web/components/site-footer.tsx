import { useLocation } from 'react-router-dom';
import { pathTo } from '../../contracts/routes';
import { paths } from '../lib/paths';
import { useSite, useSiteNavigation } from '../lib/site';
import { MenuLinks } from './menu-links';
import { SubscribeForm } from './subscribe-form';

export function SiteFooter() {
  const site = useSite();
  const { footer } = useSiteNavigation();
  // /subscribe has its own form (with Turnstile's widget where the site checks it).
  const onSubscribePage = useLocation().pathname === pathTo('subscribe');
  return (
    <footer className="site-footer">
      {onSubscribePage ? null : <SubscribeForm place="footer" />}
      {footer.length > 0 ? (
        <nav aria-label="Footer">
          <MenuLinks items={footer} className="footer-menu" />
        </nav>
      ) : null}
      <p>
        {site.title} · <a href={paths.rss()}>RSS feed</a>
      </p>
    </footer>
  );
}
