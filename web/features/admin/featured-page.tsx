// `/admin/featured`: the ordered featured list. Find published posts and add them; remove; reorder by
// drag and drop or by keyboard (Move up / Move down); save the whole list in one request.
import { useRef } from 'react';
import { useLoaderData } from 'react-router-dom';
import { FEATURED_MAX, HOME_FEATURED_COUNT, type PostSummary } from '../../../contracts/posts';
import { FormMessage } from '../../components/form-message';
import type { PageModule, RouteHandle } from '../../lib/route-kit';
import { AdminPage } from './admin-kit';
import { FeaturedItem } from './featured-item';
import { FeaturedSearch } from './featured-search';
import { useFeaturedList } from './use-featured-list';

export const loader: PageModule['loader'] = async (_args, { reads }) =>
  reads.admin.featured();

export const handle: RouteHandle = { head: () => ({ title: 'Featured', noindex: true }) };

export function Component() {
  const list = useFeaturedList(useLoaderData() as PostSummary[]);
  const dragFrom = useRef<number | null>(null);
  const { items, dirty, saving, flash } = list;
  return (
    <AdminPage
      title="Featured"
      actions={
        <button type="button" className="primary" onClick={() => void list.save()} disabled={saving || !dirty}>
          {saving ? 'Saving…' : dirty ? 'Save order' : 'Saved'}
        </button>
      }
    >
      <FormMessage message={flash?.text} kind={flash?.kind} />
      <p className="muted">
        {items.length} of {FEATURED_MAX}. The home page shows the first {HOME_FEATURED_COUNT}. Drag to reorder, or use the Move buttons.
      </p>
      <p className="visually-hidden" aria-live="assertive">
        {list.announce}
      </p>
      {items.length === 0 ? <p className="empty">Nothing is featured. Find posts below to add them.</p> : null}
      <ol className="featured-list">
        {items.map((post, i) => (
          <FeaturedItem key={post.slug} post={post} index={i} list={list} dragFrom={dragFrom} />
        ))}
      </ol>
      <FeaturedSearch list={list} />
    </AdminPage>
  );
}
