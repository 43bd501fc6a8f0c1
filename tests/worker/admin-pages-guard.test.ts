// Every admin page of the route table, rendered by the Worker (SSR) for every role: a visitor is sent to log
// in, a role without the page's capability gets the 403 page, and staff whose role has it get the page —
// read from the table itself, so a page added later is walked without editing this test.
import { describe, expect, it } from 'vitest';
import { can } from '../../contracts/permissions';
import { ROLE_ADMIN, ROLE_AUTHOR, ROLE_CONTRIBUTOR, ROLE_EDITOR } from '../../contracts/roles';
import { PAGE_ROUTES, type PageRoute } from '../../contracts/routes';
import { buildPath } from '../../contracts/route-pattern';
import { callAs } from './admin-kit';
import { createCategory, createPost, createUser, type TestUser } from './factories';
import { createPage } from './pages-kit';

const ADMIN_PAGES: readonly PageRoute[] = PAGE_ROUTES.filter((r) => r.layout === 'admin');

/** What the staff who may use `route` get: the page, the redirect it is, or the admin area's 404. */
function staffAnswer(route: PageRoute): number {
  if (route.kind === 'redirect') return 302;
  if (route.kind === 'not-found') return 404;
  return 200;
}

describe('the admin pages, rendered for every role', () => {
  it('send a visitor to log in, show authors and contributors the 403 page, and editors exactly the pages their role may use', async () => {
    const [admin, editor, author, contributor, category] = await Promise.all([
      createUser({ role: ROLE_ADMIN }),
      createUser({ role: ROLE_EDITOR }),
      createUser({ role: ROLE_AUTHOR }),
      createUser({ role: ROLE_CONTRIBUTOR }),
      createCategory(),
    ]);
    // The editor's own post: who may edit which post is the post rules' question, not the page guard's.
    const [post, page] = await Promise.all([createPost(editor, category), createPage(admin)]);
    const values: Record<string, string> = { 'admin-post': post.slug, 'admin-category': category.slug, 'admin-page': page.slug, 'admin-user': author.username };
    const addressOf = (route: PageRoute) => buildPath(route.pattern.replace('*', 'anything/else'), { slug: values[route.id] ?? '' });

    expect(ADMIN_PAGES.length).toBeGreaterThanOrEqual(20);
    let editorRefused = 0;
    for (const route of ADMIN_PAGES) {
      if (route.guard !== 'capability') throw new Error(`${route.id}: an admin page without a capability`);
      const path = addressOf(route);
      const visitor = await callAs(null, path);
      expect(visitor.status, `visitor ${path}`).toBe(302);
      expect(visitor.headers.get('location'), `visitor ${path}`).toBe(`/login?redirect=${encodeURIComponent(path)}`);

      for (const [label, who] of [['admin', admin], ['editor', editor], ['author', author], ['contributor', contributor]] as [string, TestUser][]) {
        const allowed = can(who, route.capability);
        if (label === 'admin') expect(allowed, route.id).toBe(true);
        if (label === 'editor' && !allowed) editorRefused++;
        const res = await callAs(who, path);
        const html = await res.text();
        expect(res.status, `${label} ${path}`).toBe(allowed ? staffAnswer(route) : 403);
        if (!allowed) expect(html, `${label} ${path}`).toContain('You can’t open this page');
        expect(res.headers.get('cache-control'), `${label} ${path}`).toContain('no-store');
      }
    }
    // Users (list, new, one), settings, redirects, import, export, failed mail and subscribers.
    expect(editorRefused).toBe(9);
  }, 60_000); // about a hundred page renders

  it('show an editor the admin layout with the 403 page inside it, naming their role', async () => {
    const editor = await createUser({ role: ROLE_EDITOR });
    const res = await callAs(editor, '/admin/settings');
    expect(res.status).toBe(403);
    const html = await res.text();
    expect(html).toContain('Your role (Editor) may not use it.');
    expect(html).toContain('aria-label="Admin"');
  });
});
