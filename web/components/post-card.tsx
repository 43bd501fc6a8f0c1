import { Link } from './link';
import type { PostSummary } from '../../contracts/posts';
import { paths } from '../lib/paths';
import { isScheduled } from '../../contracts/post-status';
import { useDates } from './format';
import { TagChips } from './tag-chips';

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

export function PostCard({ post, headingLevel = 3 }: { post: PostSummary; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="post-card">
      {post.coverImage ? <img className="post-card-cover" src={post.coverImage} alt={post.coverAlt} loading="lazy" /> : null}
      <Heading className="post-card-title">
        <Link to={paths.post(post.slug)}>{post.title}</Link>
      </Heading>
      <PostMeta post={post} />
      <p className="post-card-excerpt">{post.excerpt}</p>
      <TagChips tags={post.tags} label={`Tags of ${post.title}`} />
    </article>
  );
}

export function PostGrid({ posts, empty, headingLevel = 3 }: { posts: PostSummary[]; empty: string; headingLevel?: 2 | 3 }) {
  if (posts.length === 0) return <p className="empty">{empty}</p>;
  return (
    <div className="post-grid">
      {posts.map((p) => (
        <PostCard key={p.slug} post={p} headingLevel={headingLevel} />
      ))}
    </div>
  );
}
