// A menu's items as a list of links (the header's and the footer's): a site path is an app link, an https
// URL a plain one that leaves the site with rel="noopener".
import { isExternalItem, type NavigationLink } from '../../contracts/navigation-menus';
import { Link } from './link';

export function MenuLinks({ items, className }: { items: readonly NavigationLink[]; className: string }) {
  return (
    <ul className={className}>
      {items.map((item, i) => (
        <li key={`${i}-${item.url}`}>
          {isExternalItem(item) ? (
            <a href={item.url} rel="noopener">
              {item.label}
            </a>
          ) : (
            <Link to={item.url}>{item.label}</Link>
          )}
        </li>
      ))}
    </ul>
  );
}
