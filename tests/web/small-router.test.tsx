// The browser's small router (web/lib/router, decision 073) against React Router, which the Worker renders
// with: the same markup for the same routes and data (so hydration finds the server's page), and the
// same navigation rules — which loaders run, redirects, errors at their boundary, blockers, links, GET forms.
import { act, type ComponentType } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import * as ReactRouter from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Route } from '../../web/lib/router/match-routes';
import * as Small from '../../web/lib/router/react-router-dom';
import { createRouter, type Blocker, type Router } from '../../web/lib/router/router';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** The parts of a router library the test routes use: React Router's, or the small router's. */
type Lib = typeof Small;

/** A small site: a root with data, a layout without a path, pages with loaders, a redirect and a missing post. */
let blockerSeen: Blocker | undefined;

function siteRoutes(lib: Lib, calls: string[], blockTo?: string): Route[] {
  const { Form, Link, NavLink, Outlet, data, isRouteErrorResponse, redirect, useBlocker, useLoaderData, useLocation, useRouteError } = lib;
  const Root: ComponentType = () => {
    const site = useLoaderData() as { name: string };
    return (
      <div className="site">
        <header>
          <Link to="/">{site.name}</Link> <NavLink to="/posts/a">Post A</NavLink>
          <Form method="get" action="/search" role="search">
            <input name="q" defaultValue="" />
            <button type="submit">Search</button>
          </Form>
        </header>
        <Outlet />
      </div>
    );
  };
  const RouteError = () => {
    const error = useRouteError();
    const { pathname } = useLocation();
    return <p className="error">{isRouteErrorResponse(error) ? `${error.status} at ${pathname}` : 'broken'}</p>;
  };
  const Leaving = ({ to }: { to: string }) => {
    blockerSeen = useBlocker(({ nextLocation }) => nextLocation.pathname === to);
    return null;
  };
  const Home = () => (
    <main>
      {(useLoaderData() as { posts: number }).posts} posts{blockTo ? <Leaving to={blockTo} /> : null}
    </main>
  );
  const Post = () => {
    const post = useLoaderData() as { title: string };
    return (
      <main>
        <h1>{post.title}</h1> by <Link to="/author/x?page=2">x</Link>
      </main>
    );
  };
  const Search = () => <main>Searching {useLocation().search}</main>;
  const logged =
    (name: string, answer: (args: { request: Request; params: Record<string, string | undefined> }) => unknown) =>
    (args: { request: Request; params: Record<string, string | undefined> }) => {
      calls.push(name);
      return answer(args);
    };
  return [
    {
      id: 'root',
      loader: logged('root', () => ({ name: 'Site' })),
      shouldRevalidate: ({ currentUrl, nextUrl, defaultShouldRevalidate }) => defaultShouldRevalidate && currentUrl.search === nextUrl.search,
      Component: Root,
      errorElement: <RouteError />,
      children: [
        {
          errorElement: <RouteError />,
          children: [
            { index: true, loader: logged('home', ({ request }) => ({ posts: new URL(request.url).searchParams.get('page') ?? 1 })), Component: Home },
            {
              path: 'posts/:slug',
              loader: logged('post', ({ params }) => {
                if (params.slug === 'gone') throw data(null, { status: 404, statusText: 'Not Found' });
                return { title: `Post ${params.slug}` };
              }),
              Component: Post,
            },
            { path: 'old', loader: logged('old', () => redirect('/posts/a')) },
            { path: 'search', Component: Search },
            { path: '*', loader: () => Promise.reject(data(null, { status: 404 })) },
          ],
        },
      ],
    },
  ];
}

/** What the Worker sends: React Router's server render and its hydration data, serialized as entry-server does. */
async function serverPage(url: string) {
  const handler = ReactRouter.createStaticHandler(siteRoutes(ReactRouter as unknown as Lib, []) as ReactRouter.RouteObject[]);
  const context = await handler.query(new Request(`http://localhost${url}`));
  if (context instanceof Response) throw new Error(`${url} redirected`);
  const html = renderToString(<ReactRouter.StaticRouterProvider router={ReactRouter.createStaticRouter(handler.dataRoutes, context)} context={context} hydrate={false} />);
  const errors = context.errors
    ? Object.fromEntries(Object.entries(context.errors).map(([id, e]) => [id, ReactRouter.isRouteErrorResponse(e) ? { ...e, __type: 'RouteErrorResponse' } : e]))
    : null;
  return { html: canonical(html), hydration: { loaderData: context.loaderData, errors } };
}

/** Markup with each element's attributes in name order and without React's text separators (`<!-- -->`). */
function canonical(html: string): string {
  const template = document.createElement('template');
  template.innerHTML = html.replaceAll('<!-- -->', '');
  for (const el of template.content.querySelectorAll('*')) {
    const attributes = [...el.attributes].map((a) => [a.name, a.value] as const).sort(([a], [b]) => a.localeCompare(b));
    for (const [name] of attributes) el.removeAttribute(name);
    for (const [name, value] of attributes) el.setAttribute(name, value);
  }
  return template.innerHTML;
}

let root: Root | null = null;
let host: HTMLElement;

beforeEach(() => {
  host = document.createElement('div');
  document.body.append(host);
});
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
});

/** Starts the small router at `url` from the server's data, as web/entry-client.tsx does, and renders it. */
async function startAt(url: string, calls: string[] = [], blockTo?: string): Promise<Router> {
  window.history.replaceState(null, '', url);
  const { hydration } = await serverPage(url);
  const router = createRouter(siteRoutes(Small, calls, blockTo), hydration);
  await router.initialize();
  root = createRoot(host);
  act(() => root!.render(<Small.RouterProvider router={router} />));
  return router;
}

const settle = () =>
  act(async () => {
    for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 0));
  });

describe('the small router', () => {
  it.each(['/', '/?page=2', '/posts/a', '/posts/gone', '/no/such/page', '/search?q=x'])('renders %s as React Router rendered it on the server, without running a loader', async (url) => {
    const calls: string[] = [];
    await startAt(url, calls);
    expect(canonical(host.innerHTML)).toBe((await serverPage(url)).html);
    expect(calls).toEqual([]);
  });

  it("runs only the new page's loader on a navigation, every loader for a new query (the root's rule permitting), and all on revalidation", async () => {
    const calls: string[] = [];
    const router = await startAt('/', calls);
    await act(() => router.navigate('/posts/a'));
    expect(calls).toEqual(['post']);
    expect(host.querySelector('h1')?.textContent).toBe('Post a');
    expect(window.location.pathname).toBe('/posts/a');
    await act(() => router.navigate('/?page=2'));
    expect(calls).toEqual(['post', 'home']);
    await act(() => router.navigate('/posts/a#comments'));
    await act(() => router.navigate('/posts/a#top'));
    expect(calls).toEqual(['post', 'home', 'post']);
    await act(() => router.revalidate());
    expect(calls).toEqual(['post', 'home', 'post', 'root', 'post']);
  });

  it('follows a redirect from a loader and shows a thrown 404 at the nearest error element, inside the layout', async () => {
    const router = await startAt('/');
    await act(() => router.navigate('/old'));
    expect(window.location.pathname).toBe('/posts/a');
    await act(() => router.navigate('/posts/gone'));
    expect(host.querySelector('.error')?.textContent).toBe('404 at /posts/gone');
    expect(host.querySelector('header')).not.toBeNull();
    await act(() => router.navigate('/'));
    expect(host.querySelector('main')?.textContent).toBe('1 posts');
  });

  it('navigates in the app on a link click and a GET form submit, and marks the active NavLink', async () => {
    const router = await startAt('/');
    act(() => host.querySelector<HTMLAnchorElement>('a[href="/posts/a"]')!.click());
    await settle();
    expect(router.state.location.pathname).toBe('/posts/a');
    expect(host.querySelector('a[aria-current="page"]')?.className).toBe('active');
    host.querySelector<HTMLInputElement>('input[name="q"]')!.value = 'water';
    act(() => host.querySelector<HTMLButtonElement>('button[type="submit"]')!.click());
    await settle();
    expect(window.location.pathname + window.location.search).toBe('/search?q=water');
    expect(host.querySelector('main')?.textContent).toBe('Searching ?q=water');
  });

  it('holds a navigation a blocker wants to stop until it proceeds, and lets it go on', async () => {
    const router = await startAt('/', [], '/posts/a');
    await act(() => router.navigate('/posts/a'));
    expect(router.state.location.pathname).toBe('/');
    expect(blockerSeen?.state).toBe('blocked');
    await act(async () => {
      blockerSeen!.proceed();
      await new Promise((r) => setTimeout(r, 0));
    });
    await settle();
    expect(router.state.location.pathname).toBe('/posts/a');
  });
});
