// Every link of the app, typed, in one table.
const enc = encodeURIComponent;
const pageQuery = (page?: number): string => (page && page > 1 ? `?page=${page}` : '');

export const paths = {
  home: (page?: number) => (page && page > 1 ? `/?page=${page}` : '/'),
  notFound: () => '/404',
  login: (redirect?: string) => (redirect ? `/login?redirect=${enc(redirect)}` : '/login'),
  register: (redirect?: string) => (redirect ? `/register?redirect=${enc(redirect)}` : '/register'),
  forgotPassword: () => '/forgot-password',
  resetPassword: (token: string) => `/reset-password?token=${enc(token)}`,
  category: (slug: string, page?: number) => `/category/${enc(slug)}${pageQuery(page)}`,
  categoryFeed: (slug: string) => `/category/${enc(slug)}/rss.xml`,
  tag: (slug: string, page?: number) => `/tag/${enc(slug)}${pageQuery(page)}`,
  tagFeed: (slug: string) => `/tag/${enc(slug)}/rss.xml`,
  post: (slug: string) => `/details/${enc(slug)}`,
  editPost: (slug: string) => `/details/${enc(slug)}/edit`,
  createPost: () => '/create-post',
  profile: () => '/profile',
  editProfile: () => '/profile/edit',
  author: (username: string) => `/author/${enc(username)}`,
  search: (q?: string, tag?: string, page?: number) => {
    const params = new URLSearchParams();
    if (q) params.set('q', q);
    if (tag) params.set('tag', tag);
    if (page && page > 1) params.set('page', String(page));
    const s = params.toString();
    return s ? `/search?${s}` : '/search';
  },
  rss: () => '/rss.xml',
  admin: {
    dashboard: () => '/admin/dashboard',
    posts: () => '/admin/posts',
    /** The editor inside the admin area (WordPress's Posts → Add New); not `post/create`, which a post's slug could take. */
    createPost: () => '/admin/posts/new',
    post: (slug: string) => `/admin/post/${enc(slug)}`,
    categories: () => '/admin/categories',
    createCategory: () => '/admin/category/create',
    category: (slug: string) => `/admin/category/${enc(slug)}`,
    featured: () => '/admin/featured',
    tags: () => '/admin/tags',
    users: () => '/admin/users',
    import: () => '/admin/import',
    export: () => '/admin/export',
    createUser: () => '/admin/user/create',
    user: (username: string) => `/admin/user/${enc(username)}`,
  },
} as const;

/** True for a path inside the admin area. */
export const isAdminPath = (pathname: string): boolean => pathname === '/admin' || pathname.startsWith('/admin/');

// The one redirect rule (security rule 6), shared with the Worker's form posts.
export { safeRedirectPath } from '../../contracts/redirect-path';
