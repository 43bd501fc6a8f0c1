// `/category/:slug`: the category's name and description, its feed and its published posts, 12 a page.
import { paths } from '../../lib/paths';
import { listingRoute } from './listing-page';

export const { loader, handle, Component } = listingRoute({
  get: (reads, slug) => reads.category(slug),
  filter: 'category',
  href: paths.category,
  feed: paths.categoryFeed,
  describe: (category) => `Posts in ${category.name}`,
  empty: 'No posts in this category yet.',
});
