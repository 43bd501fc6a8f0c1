// Server-rendered page routes answer the status their content deserves: a path value that cannot name
// anything, a page past the end of a list, or a bad query parameter is the 404 page — never a 500.
import { describe, expect, it } from 'vitest';
import { PUBLIC_PAGE_SIZE } from '../../contracts/lists';
import { call } from './helpers';
import { createAdmin, createCategory, createPost, createUser } from './factories';

/** GETs a page and asserts its status and that it is the HTML page (not a JSON error or the bare fallback). */
async function expectPage(path: string, status: number): Promise<string> {
  const res = await call(path);
  const html = await res.text();
  expect(res.status, `${path}: ${html.slice(0, 300)}`).toBe(status);
  expect(res.headers.get('content-type') ?? '', path).toMatch(/^text\/html/);
  return html;
}

/** The headings of the page's <main>, as [level, text]. */
function headingsOf(html: string): [number, string][] {
  const main = html.slice(html.indexOf('<main'), html.indexOf('</main>'));
  return [...main.matchAll(/<h([1-6])\b[^>]*>([\s\S]*?)<\/h\1>/g)].map((m) => [
    Number(m[1]),
    (m[2] ?? '').replace(/<[^>]+>/g, '').replace(/<!-- -->/g, '').trim(),
  ]);
}

const BAD_SLUGS = ['a_b', 'design-', '-design', 'a--b', '%ZZ', 'a%ZZb', 'a'.repeat(90), 'a%20b', 'x%2Fy', '%E2%80%AEabc', 'a.b', "a'b"];
const BAD_USERNAMES = ['%ZZ', 'a%ZZb', 'a'.repeat(40), 'ab', '-abc', 'abc-', 'a%20b', 'x%2Fy', 'a.b', '%E2%80%AEabc'];

describe('a path value that cannot exist', () => {
  for (const slug of BAD_SLUGS) {
    it(`/category/${slug.slice(0, 20)} is the 404 page`, async () => {
      const html = await expectPage(`/category/${slug}`, 404);
      expect(html).toContain('Page Not Found');
    });
    it(`/details/${slug.slice(0, 20)} is the 404 page`, async () => {
      await expectPage(`/details/${slug}`, 404);
    });
  }
  for (const username of BAD_USERNAMES) {
    it(`/author/${username.slice(0, 20)} is the 404 page`, async () => {
      await expectPage(`/author/${username}`, 404);
    });
  }

  it('a malformed percent-encoding anywhere in a page path is a 404, never a 500', async () => {
    for (const path of ['/%ZZ', '/search%ZZ', '/category/%', '/details/%E0%A4%A', '/author/%ZZ?page=2', '/%ZZ/%ZZ', '/category/%ZZ?page=2']) {
      const res = await call(path);
      expect(res.status, path).toBe(404);
    }
  });

  it('a real category, post and author still answer 200 (also with upper-case letters in the address)', async () => {
    const [author, category] = await Promise.all([createUser(), createCategory()]);
    const post = await createPost(author, category);
    await expectPage(`/category/${category.slug}`, 200);
    await expectPage(`/category/${category.slug.toUpperCase()}`, 200);
    await expectPage(`/details/${post.slug}`, 200);
    await expectPage(`/author/${author.username}`, 200);
    await expectPage(`/author/${author.username.toUpperCase()}`, 200);
  });
});

describe('a path value that cannot exist, signed in', () => {
  it('is the 404 page on the editor and the admin edit pages too (the same rule, declared in the route table)', async () => {
    const admin = await createAdmin();
    for (const path of ['/details/%ZZ/edit', '/details/a_b/edit', '/admin/post/design-', '/admin/category/a_b', '/admin/user/%ZZ', '/admin/user/a.b']) {
      const res = await call(path, { cookie: admin.cookie });
      expect(res.status, path).toBe(404);
    }
    await expect(call(`/admin/user/${admin.username}`, { cookie: admin.cookie }).then((r) => r.status)).resolves.toBe(200);
  });
});

describe('a post with a code block', () => {
  it('is served with the code block as a named tab stop (it may scroll sideways)', async () => {
    const [author, category] = await Promise.all([createUser(), createCategory()]);
    const post = await createPost(author, category, { body: 'Look:\n\n```\nconst x = 1;\n```\n' });
    const html = await expectPage(`/details/${post.slug}`, 200);
    expect(html).toContain('<pre tabindex="0" role="group" aria-label="Code block"><code>const x = 1;');
  });
});

describe('a query parameter the API refuses', () => {
  it('becomes the 404 page on every list, never a 500', async () => {
    const category = await createCategory();
    const author = await createUser();
    // 20000 passes the page's own digit check but is over the API's MAX_PAGE (the API answers 400).
    for (const path of [
      '/?page=20000',
      `/category/${category.slug}?page=20000`,
      `/author/${author.username}?page=20000`,
      '/search?q=anything&page=20000',
      '/?page=0',
      '/?page=abc',
      '/search?q=x&page=-1',
    ]) {
      await expectPage(path, 404);
    }
  });
});

describe('a page past the end of a list', () => {
  it('/?page=999 is the 404 page', async () => {
    const html = await expectPage('/?page=999', 404);
    expect(html).toContain('Page Not Found');
    expect(html).not.toContain('Page 999 of');
  });

  it('past the end of a category is a 404; page 1 of an empty category stays 200', async () => {
    const [author, full, empty] = await Promise.all([createUser(), createCategory(), createCategory()]);
    await createPost(author, full);
    await expectPage(`/category/${full.slug}`, 200);
    await expectPage(`/category/${full.slug}?page=1`, 200);
    await expectPage(`/category/${full.slug}?page=2`, 404);
    await expectPage(`/category/${empty.slug}`, 200);
    await expectPage(`/category/${empty.slug}?page=2`, 404);
  });

  it("past the end of an author's posts is a 404; page 1 without posts stays 200", async () => {
    const author = await createUser();
    await expectPage(`/author/${author.username}`, 200);
    await expectPage(`/author/${author.username}?page=2`, 404);
  });

  it('past the end of search results is a 404; page 1 without results stays 200', async () => {
    const word = `nomatch${crypto.randomUUID().slice(0, 8)}`;
    await expectPage(`/search?q=${word}`, 200);
    await expectPage(`/search?q=${word}&page=2`, 404);
  });
});

describe('the home page', () => {
  it('page 2 has one heading for the latest posts and heading levels never skip', async () => {
    const [author, category] = await Promise.all([createUser(), createCategory()]);
    for (let i = 0; i <= PUBLIC_PAGE_SIZE; i++) await createPost(author, category);
    const headings = headingsOf(await expectPage('/?page=2', 200));
    expect(headings.filter(([, text]) => /latest posts/i.test(text))).toHaveLength(1);
    expect(headings.filter(([level]) => level === 1)).toHaveLength(1);
    expect(headings[0]?.[0]).toBe(1);
    for (let i = 1; i < headings.length; i++) {
      expect((headings[i] as [number, string])[0], JSON.stringify(headings)).toBeLessThanOrEqual((headings[i - 1] as [number, string])[0] + 1);
    }
  });
});
