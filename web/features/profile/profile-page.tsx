// `/profile`: the signed-in user's own details and every post of theirs, with its status.
import { useLoaderData, useSearchParams } from 'react-router-dom';
import { Link } from '../../components/link';
import type { ProfileResponse, ProfileSessionList } from '../../../contracts/profile';
import { roleLabel } from '../../../contracts/roles';
import { paths } from '../../lib/paths';
import type { PageModule, RouteHandle } from '../../lib/route-kit';
import { useDates } from '../../components/format';
import { DataTable } from '../../components/data-table';
import { Pagination } from '../../components/pagination';
import { StatusBadge } from '../../components/post-card';
import { pageFrom } from '../../lib/loader-kit';
import { FormMessage } from '../../components/form-message';
import { useNavFeedback } from '../../lib/nav-feedback';
import { EMAIL_CHANGE_PARAM, emailChangeNotice } from '../../lib/email-change-notices';
import { SessionsSection } from './sessions-section';

type ProfileData = ProfileResponse & { sessions: ProfileSessionList['items'] };

export const loader: PageModule['loader'] = async ({ request }, { reads }): Promise<ProfileData> => {
  const [profile, sessions] = await Promise.all([
    reads.profile(pageFrom(request)),
    reads.sessions(),
  ]);
  return { ...profile, sessions: sessions.items };
};

export const handle: RouteHandle = { head: () => ({ title: 'Your profile', noindex: true }) };

export function Component() {
  const { formatDate } = useDates();
  const { user, posts, sessions } = useLoaderData() as ProfileData;
  const [params] = useSearchParams();
  // e.g. "“Title” was deleted." after an author deletes a post from its editor; or where the link
  // confirming an email change lands (`?email=confirmed|invalid`)
  const feedback = useNavFeedback() ?? emailChangeNotice(params.get(EMAIL_CHANGE_PARAM));
  return (
    <main id="main" className="page">
      <FormMessage message={feedback?.text} kind={feedback?.kind} />
      <header className="author-header">
        {user.image ? <img className="avatar avatar-large" src={user.image} alt="" width={96} height={96} /> : null}
        <div>
          <h1>{user.name}</h1>
          <p className="muted">
            @{user.username} · {roleLabel(user.role)} · {user.email}
          </p>
          {user.bio ? <p>{user.bio}</p> : <p className="muted">No bio yet.</p>}
          <p className="inline-row">
            <Link className="button" to={paths.editProfile()}>
              Edit profile
            </Link>
            <Link className="button" to={paths.author(user.username)}>
              Public page
            </Link>
            <Link className="button primary" to={paths.createPost()}>
              New post
            </Link>
          </p>
        </div>
      </header>
      <h2>Your posts</h2>
      {posts.items.length === 0 ? (
        <p className="empty">
          You have not written anything yet. <Link to={paths.createPost()}>Write your first post</Link>.
        </p>
      ) : (
        <DataTable caption="Your posts" columns={['Title', 'Status', 'Category', 'Updated', { label: 'Actions', hidden: true }]}>
          {posts.items.map((post) => (
            <tr key={post.slug}>
              <td>
                <Link to={paths.post(post.slug)}>{post.title}</Link>
              </td>
              <td>
                <StatusBadge post={post} />
              </td>
              <td>{post.category.name}</td>
              <td>
                <time dateTime={post.updatedAt}>{formatDate(post.updatedAt)}</time>
              </td>
              <td>
                <Link to={paths.editPost(post.slug)} aria-label={`Edit ${post.title}`}>
                  Edit
                </Link>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      <Pagination
        page={posts.page}
        pageSize={posts.pageSize}
        total={posts.total}
        href={(n) => `${paths.profile()}${n > 1 ? `?page=${n}` : ''}`}
        label="Your posts pages"
      />
      <SessionsSection initial={sessions} />
    </main>
  );
}
