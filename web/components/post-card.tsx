import { Link } from './link';
import type { PostSummary } from '../../contracts/posts';
import { paths } from '../lib/paths';
import { isScheduled } from '../../contracts/post-status';
import { useDates } from './format';
import { TagChips } from './tag-chips';
import { IMAGE_SIZES, imageAttrs } from '../../contracts/responsive-images';

export function PostMeta({ post }: { post: PostSummary }) {
  const { formatDate } = useDates();
  return (
    <p className="post-meta">
      <Link to={paths.author(post.author.username)}>{post.author.name}</Link>
      {' · '}
      <Link to={paths.category(post.category.slug)}>{post.category.name}</Link>
      {post.publishedAt ? (
        <>
          {' · '}
          <time dateTime={post.publishedAt}>{formatDate(post.publishedAt)}</time>
        </>
      ) : null}
      {' · '}
      {post.readingMinutes} min read
      {post.commentCount > 0 ? (
        <>
          {' · '}
          <Link to={`${paths.post(post.slug)}#comments`}>
            {post.commentCount} {post.commentCount === 1 ? 'comment' : 'comments'}
          </Link>
        </>
      ) : null}
    </p>
  );
}

export function StatusBadge({ post }: { post: Pick<PostSummary, 'status' | 'publishedAt'> }) {
  if (post.status === 'draft') return <span className="badge">Draft</span>;
  if (post.status === 'pending') return <span className="badge pending">Pending review</span>;
  if (post.publishedAt && isScheduled(post)) return <ScheduledBadge publishedAt={post.publishedAt} />;
  return <span className="badge published">Published</span>;
}

function ScheduledBadge({ publishedAt }: { publishedAt: string }) {
  const { formatDateTime } = useDates();
  return <span className="badge scheduled">Scheduled for {formatDateTime(publishedAt)}</span>;
}

/** A card's cover box (web/styles.css .post-card-cover crops to 16:9): the size of a cover of unknown size. */
const CARD_BOX = { width: 1600, height: 900 };

/** A cover as a card shows it; `priority` for the first one above the fold. */
function CardCover({ post, priority }: { post: PostSummary; priority: boolean }) {
  if (!post.coverImage) return null;
  const known = post.coverWidth !== null && post.coverHeight !== null;
  const size = known ? { width: post.coverWidth, height: post.coverHeight } : CARD_BOX;
  const attrs = imageAttrs({ src: post.coverImage, ...size, sizes: IMAGE_SIZES.card, priority });
  return <img className="post-card-cover" {...attrs} alt={post.coverAlt} />;
}

/** The index of the first post with a cover: the one image a list fetches early. */
export const firstCoverIndex = (posts: PostSummary[]): number => posts.findIndex((p) => p.coverImage);

export function PostCard({ post, headingLevel = 3, priority = false }: { post: PostSummary; headingLevel?: 2 | 3; priority?: boolean }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="post-card">
      <CardCover post={post} priority={priority} />
      <Heading className="post-card-title">
        <Link to={paths.post(post.slug)}>{post.title}</Link>
      </Heading>
      <PostMeta post={post} />
      <p className="post-card-excerpt">{post.excerpt}</p>
      <TagChips tags={post.tags} label={`Tags of ${post.title}`} />
    </article>
  );
}

interface PostGridProps {
  posts: PostSummary[];
  empty: string;
  headingLevel?: 2 | 3;
  /** Whether the grid opens the page, so its first cover is above the fold (fetched early). */
  first?: boolean;
}

export function PostGrid({ posts, empty, headingLevel = 3, first = true }: PostGridProps) {
  if (posts.length === 0) return <p className="empty">{empty}</p>;
  const priorityIndex = first ? firstCoverIndex(posts) : -1;
  return (
    <div className="post-grid">
      {posts.map((p, i) => (
        <PostCard key={p.slug} post={p} headingLevel={headingLevel} priority={i === priorityIndex} />
      ))}
    </div>
  );
}
