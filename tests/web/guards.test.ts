// The three guards, built with the real session store and API clients.
import type { LoaderFunctionArgs } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { ROLE_ADMIN, ROLE_AUTHOR, ROLE_CONTRIBUTOR, ROLE_EDITOR, type CurrentUser } from '../../contracts/roles';
import { adminGuard, authGuard, capabilityGuard, noAuthGuard } from '../../web/app/guards';
import type { ForbiddenInfo } from '../../web/lib/loader-kit';
import type { RouteDeps } from '../../web/lib/route-kit';
import { createApiClients } from '../../web/lib/api-client';
import { httpReads } from '../../web/lib/page-reads-api';
import { createSessionStore, verifySession } from '../../web/lib/session';
import { fakeFetch } from './fake-fetch';

const author: CurrentUser = { name: 'Ann', username: 'ann', bio: '', image: null, role: ROLE_AUTHOR };
const admin: CurrentUser = { name: 'Ada', username: 'ada', bio: '', image: null, role: ROLE_ADMIN };
const editor: CurrentUser = { name: 'Eda', username: 'eda', bio: '', image: null, role: ROLE_EDITOR };
const contributor: CurrentUser = { name: 'Cy', username: 'cy', bio: '', image: null, role: ROLE_CONTRIBUTOR };

function deps(user: CurrentUser | null, extra: Partial<RouteDeps> = {}): RouteDeps {
  const net = fakeFetch(200);
  return {
    reads: httpReads(createApiClients({ fetch: net.fetch, navigate: () => {} })),
    session: createSessionStore({ user, checked: true }),
    ...extra,
  };
}

const args = (path: string): LoaderFunctionArgs =>
  ({ request: new Request(`https://byline.test${path}`), params: {}, context: undefined }) as unknown as LoaderFunctionArgs;

/** Runs a loader and returns its value, or the Response it threw. */
async function run(loader: (a: LoaderFunctionArgs) => unknown, path: string): Promise<unknown> {
  try {
    return await loader(args(path));
  } catch (thrown) {
    return thrown;
  }
}

function expectRedirect(result: unknown, location: string) {
  expect(result).toBeInstanceOf(Response);
  const res = result as Response;
  expect(res.status).toBeGreaterThanOrEqual(300);
  expect(res.status).toBeLessThan(400);
  expect(res.headers.get('location')).toBe(location);
}

describe('authGuard', () => {
  it('a visitor is redirected to /login?redirect=<encoded path+search>', async () => {
    const result = await run(authGuard(deps(null)), '/details/my-post/edit?tab=2&x=a b');
    expectRedirect(result, `/login?redirect=${encodeURIComponent('/details/my-post/edit?tab=2&x=a%20b')}`);
  });

  it('the redirect for a plain path', async () => {
    expectRedirect(await run(authGuard(deps(null)), '/create-post'), '/login?redirect=%2Fcreate-post');
  });

  it.each([
    ['author', author],
    ['admin', admin],
  ])('a signed-in %s gets null', async (_n, user) => {
    expect(await run(authGuard(deps(user)), '/profile')).toBeNull();
  });

  it('a user without a username counts as a visitor', async () => {
    const ghost = { ...author, username: null as unknown as string };
    expectRedirect(await run(authGuard(deps(ghost)), '/profile'), '/login?redirect=%2Fprofile');
  });

  it('awaits revalidateSession before deciding: a revalidate that clears the user redirects', async () => {
    const d = deps(author);
    d.revalidateSession = async () => {
      await new Promise((r) => setTimeout(r, 5));
      d.session.setUser(null);
    };
    expectRedirect(await run(authGuard(d), '/profile'), '/login?redirect=%2Fprofile');
  });

  it('awaits revalidateSession before deciding: a revalidate that signs in lets through', async () => {
    const d = deps(null);
    d.revalidateSession = async () => {
      await new Promise((r) => setTimeout(r, 5));
      d.session.setUser(author);
    };
    expect(await run(authGuard(d), '/profile')).toBeNull();
  });
});

/** The 403 page's data, from what a guard threw (React Router's `data(info, { status: 403 })`). */
function expectForbidden(result: unknown): ForbiddenInfo {
  const thrown = result as { data: ForbiddenInfo; init: { status: number } };
  expect(thrown.init?.status).toBe(403);
  return thrown.data;
}

describe('adminGuard (the admin area: admin.dashboard)', () => {
  it('a visitor goes to /login?redirect=<path>', async () => {
    expectRedirect(await run(adminGuard(deps(null)), '/admin/posts?page=2'), `/login?redirect=${encodeURIComponent('/admin/posts?page=2')}`);
  });

  it.each([
    ['author', author],
    ['contributor', contributor],
  ])('a signed-in %s gets the 403 page, which offers their profile', async (_n, user) => {
    const page = expectForbidden(await run(adminGuard(deps(user)), '/admin/dashboard'));
    expect(page.next).toEqual({ href: '/profile', label: 'Go to your profile' });
  });

  it.each([
    ['admin', admin],
    ['editor', editor],
  ])('an %s gets null', async (_n, user) => {
    expect(await run(adminGuard(deps(user)), '/admin/dashboard')).toBeNull();
  });

  it('awaits revalidateSession: an admin demoted on revalidation gets the 403 page', async () => {
    const d = deps(admin);
    d.revalidateSession = async () => {
      await Promise.resolve();
      d.session.setUser(author);
    };
    expectForbidden(await run(adminGuard(d), '/admin/users'));
  });
});

describe('capabilityGuard (an admin page)', () => {
  it('an editor on an admin-only page gets the 403 page naming their role, which offers the dashboard', async () => {
    const page = expectForbidden(await run(capabilityGuard('settings.manage')(deps(editor)), '/admin/settings'));
    expect(page.detail).toContain('Editor');
    expect(page.next).toEqual({ href: '/admin/dashboard', label: 'Go to the dashboard' });
  });

  it('lets through whoever the table allows, and sends a visitor to log in', async () => {
    expect(await run(capabilityGuard('pages.manage')(deps(editor)), '/admin/pages')).toBeNull();
    expect(await run(capabilityGuard('settings.manage')(deps(admin)), '/admin/settings')).toBeNull();
    expectRedirect(await run(capabilityGuard('pages.manage')(deps(null)), '/admin/pages'), '/login?redirect=%2Fadmin%2Fpages');
  });

  it('does not ask the server again when told not to (the layout already has)', async () => {
    const d = deps(editor);
    let asked = 0;
    d.revalidateSession = async () => {
      asked++;
    };
    await run(capabilityGuard('tags.manage', { revalidate: false })(d), '/admin/tags');
    expect(asked).toBe(0);
  });
});

describe('noAuthGuard', () => {
  it.each([
    ['author', author],
    ['admin', admin],
  ])('a signed-in %s goes to /', async (_n, user) => {
    expectRedirect(await run(noAuthGuard(deps(user)), '/login'), '/');
  });

  it('a visitor gets null', async () => {
    expect(await run(noAuthGuard(deps(null)), '/register')).toBeNull();
  });
});

describe('guards with a real /api/verify revalidation through the fake network', () => {
  it('a 401 from /api/verify during revalidation sends authGuard to /login', async () => {
    const net = fakeFetch({ status: 401, json: { error: { code: 'unauthenticated', message: 'Sign in' } } });
    const api = createApiClients({ fetch: net.fetch, navigate: () => {} });
    const session = createSessionStore({ user: author, checked: true });
    const d: RouteDeps = { reads: httpReads(api), session, revalidateSession: () => verifySession(api.public, session) };
    expectRedirect(await run(authGuard(d), '/profile/edit'), '/login?redirect=%2Fprofile%2Fedit');
    expect(net.calls.map((c) => c.url)).toEqual(['/api/verify']);
  });
});
