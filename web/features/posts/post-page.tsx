// `/details/:slug`: one post, server-rendered with its body; Edit for the owner and admins.
import { redirect, useLoaderData } from 'react-router-dom';
import { Link } from '../../components/link';
import { isVisibleToReaders } from '../../../contracts/post-status';
import type { Post } from '../../../contracts/posts';
import { canEditPost } from '../../../contracts/post-permissions';
import { paths } from '../../lib/paths';
import { publisherLd, withSeo } from '../../lib/seo-head';
import type { PageModule, RouteHandle } from '../../lib/route-kit';
import { useDates } from '../../components/format';
import { StatusBadge } from '../../components/post-card';
import { Prose } from '../../components/prose';
import { SubscribeForm } from '../../components/subscribe-form';
import { IMAGE_SIZES, imageAttrs } from '../../../contracts/responsive-images';
import { TagChips } from '../../components/tag-chips';
import { useSession } from '../../lib/session';
import { CommentsSection } from './comments/comments-section';
import type { PublicCommentList } from '../../../contracts/comments';

/** The post with its approved comments and the robot check's key (the comment form's Turnstile, or null). */
type PostPageData = Post & { comments: PublicCommentList; turnstileSiteKey: string | null };

export const loader: PageModule['loader'] = async ({ params }, { reads }) => {
  // Read together, so the Worker sends them in the page's one D1 round trip.
  const [post, comments, terms] = await Promise.all([reads.post(params.slug ?? ''), reads.postComments(params.slug ?? ''), reads.registration()]);
  // An old address of the post: the read answered it at its current slug, and the page moves there too.
  if (post.slug !== params.slug) throw redirect(paths.post(post.slug), 301);
  return { ...post, comments, turnstileSiteKey: terms.turnstileSiteKey } satisfies PostPageData;
};

export const handle: RouteHandle = {
  head: (data, _params, site) => {
    const post = data as Post;
    const head = withSeo(
      {
        title: post.title,
        description: post.excerpt,
        canonicalPath: paths.post(post.slug),
        ogType: 'article',
        // Without a cover (or an SEO image, below), the card generated from the title (routes/social-cards.ts).
        image: post.coverImage ?? paths.postCard(post.slug),
        imageAlt: post.coverImage ? post.coverAlt : post.title,
        noindex: !isVisibleToReaders(post),
        article: {
          publishedTime: post.publishedAt,
          modifiedTime: post.updatedAt,
          authorPath: paths.author(post.author.username),
          section: post.category.name,
          tags: post.tags.map((t) => t.name),
        },
      },
      post.seo,
    );
    return {
      ...head,
      jsonLd: {
        '@context': 'https://schema.org',
        '@type': 'BlogPosting',
        headline: post.title,
        description: head.description,
        datePublished: post.publishedAt ?? undefined,
        dateModified: post.updatedAt,
        author: { '@type': 'Person', name: post.author.name, url: paths.author(post.author.username) },
        publisher: publisherLd(site),
        mainEntityOfPage: { '@type': 'WebPage', '@id': head.canonicalUrl ?? paths.post(post.slug) },
        articleSection: post.category.name,
        ...(post.tags.length > 0 ? { keywords: post.tags.map((t) => t.name) } : {}),
        ...(head.image ? { image: head.image } : {}),
      },
    };
  },
};

function Avatar({ name, image }: { name: string; image: string | null }) {
  return image ? (
    <img className="avatar" src={image} alt="" width={40} height={40} />
  ) : (
    <span className="avatar avatar-initial" aria-hidden="true">
      {name.slice(0, 1).toUpperCase()}
    </span>
  );
}

export function Component() {
  const { formatDate } = useDates();
  const post = useLoaderData() as PostPageData;
  const { user } = useSession();
  const canEdit = canEditPost(user, post, user?.username === post.author.username);
  return (
    <main id="main" className="page">
      <article className="post">
        <header className="post-header">
          <p className="post-category">
            <Link to={paths.category(post.category.slug)}>{post.category.name}</Link>
          </p>
          <h1>{post.title}</h1>
          {!isVisibleToReaders(post) ? (
            <p>
              <StatusBadge post={post} />
            </p>
          ) : null}
          <div className="post-byline">
            <Avatar name={post.author.name} image={post.author.image} />
            <div>
              <Link to={paths.author(post.author.username)} rel="author">
                {post.author.name}
              </Link>
              <p className="post-meta">
                {post.publishedAt ? <time dateTime={post.publishedAt}>{formatDate(post.publishedAt)}</time> : 'Not published'}
                {' · '}
                {post.readingMinutes} min read
              </p>
            </div>
            {canEdit ? (
              <Link className="button" to={paths.editPost(post.slug)}>
                Edit
              </Link>
            ) : null}
          </div>
        </header>
        {post.coverImage ? (
          <img
            className="post-cover"
            {...imageAttrs({ src: post.coverImage, width: post.coverWidth, height: post.coverHeight, sizes: IMAGE_SIZES.article, priority: true })}
            alt={post.coverAlt}
          />
        ) : null}
        {/* bodyHtml is rendered and sanitised by the Worker (markdown-it, raw HTML off, safe links only). */}
        <Prose html={post.bodyHtml} />
        {post.tags.length > 0 ? (
          <footer className="post-footer">
            <TagChips tags={post.tags} />
          </footer>
        ) : null}
      </article>
      {isVisibleToReaders(post) ? <CommentsSection slug={post.slug} commentsOpen={post.commentsOpen} comments={post.comments} turnstileSiteKey={post.turnstileSiteKey} /> : null}
      <SubscribeForm place="post" />
    </main>
  );
}
