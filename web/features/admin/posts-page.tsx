// `/admin/posts`: every post incl. drafts and scheduled; filters and sort in the URL; 25 a page; quick actions
// (publish now, unpublish, schedule) and delete with confirmation; bulk actions on the ticked posts.
import { useLoaderData, useLocation } from 'react-router-dom';
import { ADMIN_POST_FILTERS, type AdminPostList, type PostAuthor } from '../../../contracts/admin';
import type { Category } from '../../../contracts/categories';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DataTable } from '../../components/data-table';
import { FormMessage } from '../../components/form-message';
import { pageFrom } from '../../lib/loader-kit';
import { paths } from '../../lib/paths';
import type { PageModule, RouteHandle } from '../../lib/route-kit';
import { AdminPage, FilteredPagination, FilterForm, filtersFrom, ListTotal, SelectFilter, TextFilter, type FilterOption } from './admin-kit';
import { authorOptions } from './post-actions';
import { PostBulkBar } from './post-bulk-bar';
import { postColumns, PostRow, ScheduleForm } from './post-row';
import { usePostActions } from './use-post-actions';
import { usePostBulk } from './use-post-bulk';

const FILTER_KEYS = ['status', 'category', 'author', 'q', 'sort', 'dir'] as const;

interface PostsData {
  posts: AdminPostList;
  categories: Category[];
  authors: PostAuthor[];
  filters: Record<string, string>;
}

export const loader: PageModule['loader'] = async ({ request }, { reads }) => {
  const filters = filtersFrom(request, FILTER_KEYS);
  const page = pageFrom(request);
  const [posts, categories, authors] = await Promise.all([
    reads.admin.posts(filters, page),
    reads.categories(),
    reads.admin.postAuthors(),
  ]);
  return { posts, categories: categories.items, authors: authors.items, filters } satisfies PostsData;
};

export const handle: RouteHandle = { head: () => ({ title: 'Posts', noindex: true }) };

const STATUS_LABELS: Record<(typeof ADMIN_POST_FILTERS)[number], string> = {
  draft: 'Draft',
  pending: 'Pending review',
  published: 'Published',
  scheduled: 'Scheduled',
};
const STATUS_OPTIONS: FilterOption[] = ADMIN_POST_FILTERS.map((s) => ({ value: s, label: STATUS_LABELS[s] }));

function PostFilters({ categories, authors, filters }: Omit<PostsData, 'posts'>) {
  return (
    <FilterForm label="Filter posts" clearTo={paths.admin.posts()}>
      <SelectFilter id="f-status" name="status" label="Status" value={filters.status} options={STATUS_OPTIONS} />
      <SelectFilter
        id="f-category"
        name="category"
        label="Category"
        value={filters.category}
        options={categories.map((c) => ({ value: c.slug, label: c.name }))}
      />
      <SelectFilter id="f-author" name="author" label="Author" value={filters.author} options={authorOptions(authors, filters.author)} />
      <TextFilter id="f-q" name="q" label="Title contains" value={filters.q} />
      {/* Filtering keeps the list's sort. */}
      {filters.sort ? <input type="hidden" name="sort" value={filters.sort} /> : null}
      {filters.dir ? <input type="hidden" name="dir" value={filters.dir} /> : null}
    </FilterForm>
  );
}

export function Component() {
  const { posts, ...choices } = useLoaderData() as PostsData;
  const { pathname, search } = useLocation();
  const actions = usePostActions();
  const bulk = usePostBulk(posts.items, choices.categories);
  const { flash, deleting } = actions;
  return (
    <AdminPage title="Posts" create={{ to: paths.admin.createPost(), label: 'New post' }}>
      <PostFilters {...choices} />
      <FormMessage message={flash?.text} kind={flash?.kind} />
      <ListTotal total={posts.total} one="post" many="posts" />
      {posts.items.length === 0 ? (
        <p className="empty">No posts match these filters.</p>
      ) : (
        <>
          <PostBulkBar bulk={bulk} categories={choices.categories} />
          <DataTable caption="Posts" columns={postColumns(bulk, pathname, search)} busy={bulk.busy !== null}>
            {posts.items.map((post) => (
              <PostRow key={post.slug} post={post} actions={actions} selected={bulk.isSelected(post.slug)} onSelect={() => bulk.toggle(post.slug)} />
            ))}
          </DataTable>
        </>
      )}
      <FilteredPagination list={posts} base={paths.admin.posts()} label="Posts pages" />
      <ScheduleForm actions={actions} />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this post?"
        message={`“${deleting?.title ?? ''}” will be removed for good, including from the featured list.`}
        confirmLabel="Delete post"
        busy={deleting !== null && actions.busy === deleting.slug}
        onCancel={actions.cancelDelete}
        onConfirm={actions.confirmDelete}
      />
    </AdminPage>
  );
}
