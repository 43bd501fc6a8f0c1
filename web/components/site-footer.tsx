import { paths } from '../lib/paths';
import { useSite } from '../lib/site';

export function SiteFooter() {
  const site = useSite();
  return (
    <footer className="site-footer">
      <p>
        {site.title} · <a href={paths.rss()}>RSS feed</a>
      </p>
    </footer>
  );
}
