import { paths } from '../lib/paths';
import { useSite, useSiteNavigation } from '../lib/site';
import { MenuLinks } from './menu-links';

export function SiteFooter() {
  const site = useSite();
  const { footer } = useSiteNavigation();
  return (
    <footer className="site-footer">
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
