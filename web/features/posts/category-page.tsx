// `/category/:slug`: the category's name and description and its published posts, 12 a page.
import { useLoaderData } from 'react-router-dom';
import type { Category } from '../../../contracts/categories';
import type { ListPage } from '../../../contracts/lists';
import type { PostSummary } from '../../../contracts/posts';
import { listPosts } from '../../lib/content-api';
import { getCategory } from './api';
import { paths } from '../../lib/paths';
import type { PageModule, RouteHandle } from '../../lib/route-kit';
import { Pagination } from '../../components/pagination';
import { PostGrid } from '../../components/post-card';
import { pageFrom, withinPages } from '../../lib/loader-kit';

interface CategoryData {
  category: Category;
  posts: ListPage<PostSummary>;
}

export const loader: PageModule['loader'] = async ({ request, params }, { api }) => {
  const slug = params.slug ?? '';
  const page = pageFrom(request);
  const [category, posts] = await Promise.all([
    getCategory(api, slug),
    listPosts(api, { category: slug, page }),
  ]);
  return { category, posts: withinPages(posts) } satisfies CategoryData;
};

export const handle: RouteHandle = {
  head: (data) => {
    const { category, posts } = data as CategoryData;
    return {
      title: posts.page > 1 ? `${category.name} — page ${posts.page}` : category.name,
      description: category.description || `Posts in ${category.name}`,
      canonicalPath: paths.category(category.slug, posts.page),
    };
  },
};

export function Component() {
  const { category, posts } = useLoaderData() as CategoryData;
  return (
    <main id="main" className="page">
      <header className="page-header">
        <h1>{category.name}</h1>
        {category.description ? <p className="lead">{category.description}</p> : null}
      </header>
      <PostGrid posts={posts.items} empty="No posts in this category yet." headingLevel={2} />
      <Pagination
        page={posts.page}
        pageSize={posts.pageSize}
        total={posts.total}
        href={(n) => paths.category(category.slug, n)}
        label={`${category.name} pages`}
      />
    </main>
  );
}
