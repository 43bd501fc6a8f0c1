// The server's link writes exactly what react-router's `Link` writes, so hydration finds the same DOM.
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, Link as RouterLink, StaticRouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { isPlainPath, ServerLink, type LinkProps } from '../../web/components/link';
import { paths } from '../../web/lib/paths';

async function renderAt(url: string, element: React.ReactNode): Promise<string> {
  const routes = [{ path: '*', element }];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://localhost${url}`));
  if (context instanceof Response) throw new Error('unexpected response');
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(<StaticRouterProvider router={router} context={context} hydrate={false} />);
}

const TARGETS = [
  paths.home(),
  paths.home(2),
  paths.post('a-post-1'),
  paths.post('ça va'),
  paths.category('topic-1', 3),
  paths.tag('tag-1'),
  paths.tagFeed('tag-1'),
  paths.author('author1'),
  paths.search('water & wine', 'tag-1', 2),
  paths.login('/details/x?y=1'),
  '/a/./b',
  '/a/../b',
  '/a//b',
  '/a/',
  '/a#top',
  '/a?',
  'relative',
  '../up',
  '//example.com/x',
  'https://example.com/x',
];

describe('ServerLink', () => {
  it.each(TARGETS)('renders %s as react-router Link does', async (to) => {
    const props: Omit<LinkProps, 'to'> = { className: 'tag-chip', rel: 'next', 'aria-label': 'x', children: 'Go' };
    for (const at of ['/', '/details/some-post', '/category/topic-1/']) {
      const theirs = await renderAt(at, <RouterLink to={to} {...props} />);
      const ours = await renderAt(at, <ServerLink to={to} {...props} onClick={() => {}} />);
      expect(ours).toBe(theirs);
    }
  });

  it('takes the short way only for plain absolute paths', () => {
    expect(isPlainPath(paths.search('water', 'tag-1', 2))).toBe(true);
    expect(isPlainPath(paths.post('ça va'))).toBe(true);
    for (const to of ['/a/./b', '/a/../b', '/a//b', '/a/', '/a#top', '/a?', 'relative', '//example.com/x', 'https://example.com/x']) {
      expect(isPlainPath(to)).toBe(false);
    }
  });
});
