// A post's tags as links to their pages; nothing at all for a post without tags.
import { Link } from './link';
import type { TagRef } from '../../contracts/tags';
import { paths } from '../lib/paths';

export function TagChips({ tags, label = 'Tags' }: { tags: readonly TagRef[] | undefined; label?: string }) {
  if (!tags || tags.length === 0) return null;
  return (
    <ul className="tag-chips" aria-label={label}>
      {tags.map((t) => (
        <li key={t.slug}>
          <Link className="tag-chip" to={paths.tag(t.slug)}>
            <span aria-hidden="true">#</span>
            {t.name}
          </Link>
        </li>
      ))}
    </ul>
  );
}
