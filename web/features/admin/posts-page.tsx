// `/admin/posts`: every post incl. drafts and scheduled; filters in the URL; 25 a page; quick actions
// (publish now, unpublish, schedule) and delete with confirmation.
import { useState, type FormEvent } from 'react';
import { Link, useLoaderData, useLocation, useRevalidator } from 'react-router-dom';
import { ADMIN_SEARCH_MAX } from '../../../contracts/limits';
import { ADMIN_POST_FILTERS, type AdminPostList, type PostAuthor } from '../../../contracts/admin';
import type { Category } from '../../../contracts/categories';
import { isScheduled } from '../../../contracts/post-status';
import type { PostSummary } from '../../../contracts/posts';
import { paths } from '../../lib/paths';
import type { PageModule, RouteHandle } from '../../lib/route-kit';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { formatDate } from '../../components/format';
import { Pagination } from '../../components/pagination';
import { StatusBadge } from '../../components/post-card';
import { useApi } from '../../lib/api-context';
import { ApiError } from '../../lib/http';
import { pageFrom } from '../../lib/loader-kit';
import { listCategories } from '../../lib/content-api';
import { AdminPage, FilterForm, filtersFrom, FlashMessage, pageHrefKeepingFilters, useFlash } from './admin-kit';
import { deleteAdminPost, listAdminPosts, listPostAuthors, setPostStatus } from './api';

const FILTER_KEYS = ['status', 'category', 'author', 'q'] as const;

interface PostsData {
  posts: AdminPostList;
  categories: Category[];
  authors: PostAuthor[];
  filters: Record<string, string>;
}

export const loader: PageModule['loader'] = async ({ request }, { api }) => {
  const filters = filtersFrom(request, FILTER_KEYS);
  const page = pageFrom(request);
  const [posts, categories, authors] = await Promise.all([
    listAdminPosts(api, filters, page),
    listCategories(api),
    listPostAuthors(api),
  ]);
  return { posts, categories: categories.items, authors: authors.items, filters } satisfies PostsData;
};

export const handle: RouteHandle = { head: () => ({ title: 'Posts', noindex: true }) };

function toLocalInput(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

export function Component() {
  const { posts, categories, authors, filters } = useLoaderData() as PostsData;
  const api = useApi();
  const revalidator = useRevalidator();
  const location = useLocation();
  const [flash, setFlash] = useFlash();
  const [busy, setBusy] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<PostSummary | null>(null);
  const [scheduling, setScheduling] = useState<{ post: PostSummary; at: string } | null>(null);

  async function act(post: PostSummary, label: string, run: () => Promise<unknown>) {
    setBusy(post.slug);
    setFlash(null);
    try {
      await run();
      setFlash({ kind: 'ok', text: `“${post.title}” ${label}.` });
      revalidator.revalidate();
    } catch (error) {
      const text =
        error instanceof ApiError && error.status === 409
          ? `“${post.title}” was changed elsewhere; the list has been refreshed, try again.`
          : error instanceof ApiError
            ? error.message
            : 'Something went wrong.';
      setFlash({ kind: 'error', text });
      revalidator.revalidate();
    } finally {
      setBusy(null);
    }
  }

  const setStatus = (post: PostSummary, status: 'draft' | 'published', publishedAt: string | null, label: string) =>
    act(post, label, () =>
      setPostStatus(api, post.slug, { status, publishedAt, version: post.version }),
    );

  function onSchedule(e: FormEvent) {
    e.preventDefault();
    if (!scheduling) return;
    const when = new Date(scheduling.at);
    if (Number.isNaN(when.getTime()) || when.getTime() <= Date.now()) {
      setFlash({ kind: 'error', text: 'Choose a date and time in the future.' });
      return;
    }
    const { post } = scheduling;
    setScheduling(null);
    void setStatus(post, 'published', when.toISOString(), 'is scheduled');
  }

  const pageHref = (n: number) => pageHrefKeepingFilters(paths.admin.posts(), location.search, n);

  return (
    <AdminPage
      title="Posts"
      actions={
        <Link className="button primary" to={paths.admin.createPost()}>
          New post
        </Link>
      }
    >
      <FilterForm label="Filter posts" clearTo={paths.admin.posts()}>
        <div className="field">
          <label htmlFor="f-status">Status</label>
          <select id="f-status" name="status" defaultValue={filters.status ?? ''}>
            <option value="">Any</option>
            {ADMIN_POST_FILTERS.map((s) => (
              <option key={s} value={s}>
                {s[0]?.toUpperCase()}
                {s.slice(1)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="f-category">Category</label>
          <select id="f-category" name="category" defaultValue={filters.category ?? ''}>
            <option value="">Any</option>
            {categories.map((c) => (
              <option key={c.slug} value={c.slug}>
                {c.name}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="f-author">Author</label>
          <select id="f-author" name="author" defaultValue={filters.author ?? ''}>
            <option value="">Any</option>
            {filters.author && !authors.some((a) => a.username === filters.author) ? (
              <option value={filters.author}>@{filters.author}</option>
            ) : null}
            {authors.map((a) => (
              <option key={a.username} value={a.username}>
                {a.name} (@{a.username})
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="f-q">Title contains</label>
          <input id="f-q" type="search" name="q" defaultValue={filters.q ?? ''} maxLength={ADMIN_SEARCH_MAX} />
        </div>
      </FilterForm>
      <FlashMessage flash={flash} />
      <p className="muted" aria-live="polite">
        {posts.total} {posts.total === 1 ? 'post' : 'posts'}
      </p>
      {posts.items.length === 0 ? (
        <p className="empty">No posts match these filters.</p>
      ) : (
        <div className="table-wrap">
          <table className="data-table">
            <caption className="visually-hidden">Posts</caption>
            <thead>
              <tr>
                <th scope="col">Title</th>
                <th scope="col">Status</th>
                <th scope="col">Author</th>
                <th scope="col">Category</th>
                <th scope="col">Updated</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {posts.items.map((post) => {
                const live = post.status === 'published' && !isScheduled(post);
                const rowBusy = busy === post.slug;
                return (
                  <tr key={post.slug} aria-busy={rowBusy}>
                    <td>
                      <Link to={paths.admin.post(post.slug)}>{post.title}</Link>
                    </td>
                    <td>
                      <StatusBadge post={post} />
                    </td>
                    <td>{post.author.name}</td>
                    <td>{post.category.name}</td>
                    <td>
                      <time dateTime={post.updatedAt}>{formatDate(post.updatedAt)}</time>
                    </td>
                    <td className="row-actions">
                      {live ? (
                        <button type="button" disabled={rowBusy} onClick={() => void setStatus(post, 'draft', null, 'is unpublished')}>
                          Unpublish<span className="visually-hidden"> {post.title}</span>
                        </button>
                      ) : (
                        <button type="button" disabled={rowBusy} onClick={() => void setStatus(post, 'published', null, 'is published')}>
                          Publish<span className="visually-hidden"> {post.title}</span>
                        </button>
                      )}
                      <button
                        type="button"
                        disabled={rowBusy}
                        onClick={() => setScheduling({ post, at: toLocalInput(new Date(Date.now() + 24 * 3600 * 1000)) })}
                      >
                        Schedule<span className="visually-hidden"> {post.title}</span>
                      </button>
                      <button type="button" className="danger" disabled={rowBusy} onClick={() => setDeleting(post)}>
                        Delete<span className="visually-hidden"> {post.title}</span>
                      </button>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      <Pagination page={posts.page} pageSize={posts.pageSize} total={posts.total} href={pageHref} label="Posts pages" />
      {scheduling ? (
        <form className="schedule-box" onSubmit={onSchedule} aria-label={`Schedule ${scheduling.post.title}`}>
          <div className="field">
            <label htmlFor="schedule-at">Publish “{scheduling.post.title}” on</label>
            <input
              id="schedule-at"
              type="datetime-local"
              value={scheduling.at}
              onChange={(e) => setScheduling({ ...scheduling, at: e.target.value })}
              autoFocus
            />
          </div>
          <div className="inline-row">
            <button type="submit" className="primary">
              Schedule
            </button>
            <button type="button" onClick={() => setScheduling(null)}>
              Cancel
            </button>
          </div>
        </form>
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this post?"
        message={`“${deleting?.title ?? ''}” will be removed for good, including from the featured list.`}
        confirmLabel="Delete post"
        busy={deleting !== null && busy === deleting.slug}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          const post = deleting;
          if (!post) return;
          setDeleting(null);
          void act(post, 'is deleted', () => deleteAdminPost(api, post.slug));
        }}
      />
    </AdminPage>
  );
}
