// Every link of the app, typed, in one table; each address is built from its route (contracts/routes.ts).
import { matchNamedRoute, pathTo } from '../../contracts/routes';

const enc = encodeURIComponent;
const pageQuery = (page?: number): string => (page && page > 1 ? `?page=${page}` : '');
const redirectQuery = (redirect?: string): string => (redirect ? `?redirect=${enc(redirect)}` : '');

export const paths = {
  home: (page?: number) => pathTo('home') + pageQuery(page),
  notFound: () => pathTo('not-found'),
  login: (redirect?: string) => pathTo('login') + redirectQuery(redirect),
  register: (redirect?: string) => pathTo('register') + redirectQuery(redirect),
  forgotPassword: () => pathTo('forgot-password'),
  resetPassword: (token: string) => `${pathTo('reset-password')}?token=${enc(token)}`,
  invite: (token: string) => `${pathTo('invite')}?token=${enc(token)}`,
  category: (slug: string, page?: number) => pathTo('category', { slug }) + pageQuery(page),
  categoryFeed: (slug: string) => pathTo('category-feed', { slug }),
  tag: (slug: string, page?: number) => pathTo('tag', { slug }) + pageQuery(page),
  tagFeed: (slug: string) => pathTo('tag-feed', { slug }),
  post: (slug: string) => pathTo('post', { slug }),
  /** The social card of a post without a cover or SEO image (og:image). */
  postCard: (slug: string) => pathTo('post-card', { slug }),
  editPost: (slug: string) => pathTo('edit-post', { slug }),
  createPost: () => pathTo('create-post'),
  profile: () => pathTo('profile'),
  myComments: () => pathTo('my-comments'),
  editProfile: () => pathTo('edit-profile'),
  author: (username: string) => pathTo('author', { username }),
  authorFeed: (username: string) => pathTo('author-feed', { username }),
  search: (q?: string, tag?: string, page?: number) => {
    const params = new URLSearchParams();
    if (q) params.set('q', q);
    if (tag) params.set('tag', tag);
    if (page && page > 1) params.set('page', String(page));
    const s = params.toString();
    return s ? `${pathTo('search')}?${s}` : pathTo('search');
  },
  page: (slug: string) => pathTo('page', { slug }),
  pageCard: (slug: string) => pathTo('page-card', { slug }),
  rss: () => pathTo('site-feed'),
  admin: {
    dashboard: () => pathTo('admin-dashboard'),
    posts: () => pathTo('admin-posts'),
    createPost: () => pathTo('admin-create-post'),
    post: (slug: string) => pathTo('admin-post', { slug }),
    categories: () => pathTo('admin-categories'),
    createCategory: () => pathTo('admin-create-category'),
    category: (slug: string) => pathTo('admin-category', { slug }),
    featured: () => pathTo('admin-featured'),
    pages: () => pathTo('admin-pages'),
    createPage: () => pathTo('admin-create-page'),
    page: (slug: string) => pathTo('admin-page', { slug }),
    tags: () => pathTo('admin-tags'),
    redirects: () => pathTo('admin-redirects'),
    mail: () => pathTo('admin-mail'),
    subscribers: () => pathTo('admin-subscribers'),
    media: () => pathTo('admin-media'),
    users: () => pathTo('admin-users'),
    invites: () => pathTo('admin-invites'),
    import: () => pathTo('admin-import'),
    export: () => pathTo('admin-export'),
    settings: () => pathTo('admin-settings'),
    navigation: () => pathTo('admin-navigation'),
    createUser: () => pathTo('admin-create-user'),
    user: (username: string) => pathTo('admin-user', { slug: username }),
  },
} as const;

/** True for a path inside the admin area: its route sits in the admin layout. */
export function isAdminPath(pathname: string): boolean {
  const route = matchNamedRoute(pathname);
  return route !== null && 'layout' in route && route.layout === 'admin';
}

// The one redirect rule (security rule 6), shared with the Worker's form posts.
export { safeRedirectPath } from '../../contracts/redirect-path';
