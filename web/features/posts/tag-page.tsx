// `/tag/:slug`: the tag's name, its count and feed, and its published posts, 12 a page.
import { paths } from '../../lib/paths';
import { listingRoute } from './listing-page';

export const { loader, handle, Component } = listingRoute({
  get: (reads, slug) => reads.tag(slug),
  filter: 'tag',
  kicker: 'Tag',
  href: paths.tag,
  feed: paths.tagFeed,
  describe: (tag) => `Posts tagged ${tag.name}`,
  empty: 'No published posts with this tag yet.',
});
