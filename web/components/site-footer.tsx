import { paths } from '../lib/paths';

export function SiteFooter() {
  return (
    <footer className="site-footer">
      <p>
        Byline · <a href={paths.rss()}>RSS feed</a>
      </p>
    </footer>
  );
}
