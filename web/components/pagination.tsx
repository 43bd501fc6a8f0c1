import { Link } from './link';

interface Props {
  page: number;
  pageSize: number;
  total: number;
  /** The link for a page number. */
  href: (page: number) => string;
  label?: string;
}

export function Pagination({ page, pageSize, total, href, label = 'Pages' }: Props) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  return (
    <nav className="pagination" aria-label={label}>
      {page > 1 ? (
        <Link to={href(page - 1)} rel="prev">
          ← Newer
        </Link>
      ) : (
        <span />
      )}
      <span>
        Page {page} of {pages}
      </span>
      {page < pages ? (
        <Link to={href(page + 1)} rel="next">
          Older →
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
