// `/author/:username`: the public author page with their published posts.
import { useLoaderData } from 'react-router-dom';
import type { AuthorPageResponse } from '../../../contracts/profile';
import { paths } from '../../lib/paths';
import type { PageModule, RouteHandle } from '../../lib/route-kit';
import { profileLd } from '../../lib/seo-head';
import { Pagination } from '../../components/pagination';
import { PostGrid } from '../../components/post-card';
import { pageFrom, withinPages } from '../../lib/loader-kit';

type AuthorData = AuthorPageResponse;

export const loader: PageModule['loader'] = async ({ request, params }, { reads }) => {
  const author = await reads.author(params.username ?? '', pageFrom(request));
  return { ...author, posts: withinPages(author.posts) } satisfies AuthorData;
};

export const handle: RouteHandle = {
  head: (data) => {
    const { user } = data as AuthorData;
    return {
      title: user.name,
      description: user.bio || `Posts by ${user.name}`,
      canonicalPath: paths.author(user.username),
      ogType: 'profile',
      image: user.image,
      feed: { title: `${user.name} — feed`, path: paths.authorFeed(user.username) },
      jsonLd: profileLd(user),
    };
  },
};

export function Component() {
  const { user, posts } = useLoaderData() as AuthorData;
  return (
    <main id="main" className="page">
      <header className="author-header">
        {user.image ? <img className="avatar avatar-large" src={user.image} alt="" width={96} height={96} /> : null}
        <div>
          <h1>{user.name}</h1>
          <p className="muted">@{user.username}</p>
          {user.bio ? <p>{user.bio}</p> : null}
        </div>
      </header>
      <h2>Posts</h2>
      <PostGrid posts={posts.items} empty={`${user.name} has not published anything yet.`} />
      <Pagination
        page={posts.page}
        pageSize={posts.pageSize}
        total={posts.total}
        href={(n) => `${paths.author(user.username)}${n > 1 ? `?page=${n}` : ''}`}
        label="Author's posts pages"
      />
    </main>
  );
}
