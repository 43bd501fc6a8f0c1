// Redirect targets after login/register are kept only when they are paths on this site.
import { describe, expect, it } from 'vitest';
import { paths, safeRedirectPath } from '../../web/lib/paths';

describe('safeRedirectPath', () => {
  it.each(['/create-post', '/details/x?y=1', '/', '/admin/posts?page=2#top'])('keeps %j', (target) => {
    expect(safeRedirectPath(target)).toBe(target);
  });

  it.each([
    '//evil.com',
    '/\\evil.com',
    'https://evil.com',
    'http://evil.com/path',
    'javascript:alert(1)',
    'evil.com',
    '',
    '/\tevil',
    '/\n/evil.com',
    '/details\\..\\x',
  ])('turns %j into "/"', (target) => {
    expect(safeRedirectPath(target)).toBe('/');
  });

  it('turns null and undefined into "/"', () => {
    expect(safeRedirectPath(null)).toBe('/');
    expect(safeRedirectPath(undefined)).toBe('/');
  });

  it('keeps what paths.login encodes once it is read back', () => {
    const login = new URL(paths.login('/details/x?y=1'), 'https://byline.test');
    expect(safeRedirectPath(login.searchParams.get('redirect'))).toBe('/details/x?y=1');
  });
});

describe('tag and feed paths', () => {
  it('links a tag, its pages and its feed, and a category feed', () => {
    expect(paths.tag('css')).toBe('/tag/css');
    expect(paths.tag('css', 1)).toBe('/tag/css');
    expect(paths.tag('css', 2)).toBe('/tag/css?page=2');
    expect(paths.tagFeed('css')).toBe('/tag/css/rss.xml');
    expect(paths.categoryFeed('design')).toBe('/category/design/rss.xml');
    expect(paths.admin.tags()).toBe('/admin/tags');
    expect(paths.admin.redirects()).toBe('/admin/redirects');
  });

  it('builds a search with a tag and a page', () => {
    expect(paths.search()).toBe('/search');
    expect(paths.search('a b')).toBe('/search?q=a+b');
    expect(paths.search('x', 'css', 2)).toBe('/search?q=x&tag=css&page=2');
    expect(paths.search('x', undefined, 1)).toBe('/search?q=x');
  });
});
