// Full-text search: finds by title, excerpt and body, ranks, highlights safely, and any text is safe to type.
import { describe, expect, it } from 'vitest';
import type { PostListResponse, PostResponse, PostSearchHit } from '../../contracts/posts';
import { snippetToHtml, toFtsQuery } from '../../worker/queries/search';
import { call, expectError } from './helpers';
import { createCategory, createPost, createUser, json, updateOf } from './factories';

const search = async (q: string, extra = '') =>
  json<PostListResponse & { items: PostSearchHit[] }>(await call(`/api/posts?q=${encodeURIComponent(q)}${extra}`));

const word = () => `w${crypto.randomUUID().replace(/-/g, '').slice(0, 10)}`;

describe('toFtsQuery', () => {
  it('quotes every word; the partial form also lets a last word of 4+ characters match as a prefix; no operator survives', () => {
    expect(toFtsQuery('hello world')).toEqual({ whole: '"hello" "world"', partial: '"hello" "world"*' });
    expect(toFtsQuery('NEAR(ab cd) NOT ef* -gh "jk\' lm:no ^pq')).toEqual({ whole: '"NEAR" "ab" "cd" "NOT" "ef" "gh" "jk" "lm" "no" "pq"', partial: null });
    expect(toFtsQuery('  "*-\'()  ')).toBeNull();
    expect(toFtsQuery('Crème brûlée')).toEqual({ whole: '"Crème" "brûlée"', partial: '"Crème" "brûlée"*' });
    expect(toFtsQuery('the')).toEqual({ whole: '"the"', partial: null });
  });

  it('leaves out stop words ("the", "of", "and", "OR" …) when another word remains, as WordPress does', () => {
    expect(toFtsQuery('The history of the Aurora and its light')).toEqual({ whole: '"history" "Aurora" "its" "light"', partial: '"history" "Aurora" "its" "light"*' });
    expect(toFtsQuery('aurora OR the')).toEqual({ whole: '"aurora"', partial: '"aurora"*' });
    expect(toFtsQuery('to be or the')).toEqual({ whole: '"to" "be" "or" "the"', partial: null });
  });

  it('keeps at most 12 distinct words of at most 64 characters', () => {
    const q = toFtsQuery(Array.from({ length: 30 }, (_, i) => `t${i} t${i}`).join(' ') + ` ${'x'.repeat(100)}`)!;
    expect(q.whole.match(/"/g)!.length).toBe(24);
    expect(toFtsQuery('y'.repeat(100))).toEqual({ whole: `"${'y'.repeat(64)}"`, partial: `"${'y'.repeat(64)}"*` });
  });
});

describe('snippetToHtml', () => {
  it('escapes the text, marks the matches and balances stray markers', () => {
    expect(snippetToHtml('a <b> \uE000term\uE001 & "c"')).toBe('a &lt;b&gt; <mark>term</mark> &amp; &quot;c&quot;');
    expect(snippetToHtml('\uE001x \uE000y')).toBe('x <mark>y</mark>');
    expect(snippetToHtml('see [the \uE000docs\uE001](https://example.com/x) and **bold**')).toBe('see the <mark>docs</mark> and bold');
  });
});

describe('GET /api/posts?q=', () => {
  it('finds a post by a word of its body, title or excerpt, with a highlighted snippet', async () => {
    const [author, category] = await Promise.all([createUser(), createCategory()]);
    const [inBody, inTitle, inExcerpt] = [word(), word(), word()];
    const post = await createPost(author, category, {
      title: `Notes on ${inTitle}`,
      body: `First paragraph.\n\nThe ${inBody} appears <here> & there.`,
      excerpt: `Summary with ${inExcerpt}`,
    });
    for (const w of [inBody, inTitle, inExcerpt, inBody.toUpperCase(), inBody.slice(0, 8)]) {
      const found = await search(w);
      expect(found.items.map((p) => p.slug), w).toEqual([post.slug]);
      expect(found.total).toBe(1);
    }
    const hit = (await search(inBody)).items[0]!;
    expect(hit.snippetHtml).toContain(`<mark>${inBody}</mark>`);
    expect(hit.snippetHtml).toContain('&lt;here&gt; &amp; there');
    expect(hit).toMatchObject({ slug: post.slug, title: post.title, category: { slug: category.slug }, author: { username: author.username } });
    expect(hit).not.toHaveProperty('body');
  });

  it('folds diacritics and needs every word', async () => {
    const [author, category] = await Promise.all([createUser(), createCategory()]);
    const w = word();
    const post = await createPost(author, category, { body: `Crème brûlée ${w} recipe` });
    expect((await search(`creme brulee ${w}`)).items.map((p) => p.slug)).toEqual([post.slug]);
    expect((await search(`${w} absentword${w}`)).items).toEqual([]);
  });

  it('matches whole words first; a word being typed (4+ characters) matches as a prefix only when no whole word does', async () => {
    const [author, category] = await Promise.all([createUser(), createCategory()]);
    const w = word();
    const whole = await createPost(author, category, { body: `About ${w} alone.` });
    const longer = await createPost(author, category, { body: `About ${w}ish things.` });
    // The whole word exists: only the post holding it, not the one whose word merely starts with it.
    expect((await search(w)).items.map((p) => p.slug)).toEqual([whole.slug]);
    // A partial word matches nothing whole, so it is tried as a prefix and finds both.
    const partial = await search(w.slice(0, 7));
    expect(partial.items.map((p) => p.slug).sort()).toEqual([whole.slug, longer.slug].sort());
    expect(partial.total).toBe(2);
    // Under 4 characters there is no prefix try: a short fragment finds nothing.
    expect((await search(`${w} ${w.slice(1, 4)}`)).items).toEqual([]);
  });

  it('ranks a title match above a body match, and pages results', async () => {
    const [author, category] = await Promise.all([createUser(), createCategory()]);
    const w = word();
    const bodyOnly = await createPost(author, category, { title: 'Something else', body: `Mentions ${w} once in a long body of text.` });
    const inTitle = await createPost(author, category, { title: `All about ${w}`, body: 'Nothing here.' });
    const found = await search(w);
    expect(found.items.map((p) => p.slug)).toEqual([inTitle.slug, bodyOnly.slug]);
    const scoped = await search(w, `&category=${category.slug}&author=${author.username}`);
    expect(scoped.total).toBe(2);
    expect((await search(w, '&category=no-such-category')).total).toBe(0);
    expect((await search(w, '&page=2')).items).toEqual([]);
  });

  it('never finds drafts or scheduled posts; follows edits and deletes', async () => {
    const [author, category] = await Promise.all([createUser(), createCategory()]);
    const [d, s, before, after] = [word(), word(), word(), word()];
    await createPost(author, category, { status: 'draft', body: `draft ${d}` });
    await createPost(author, category, { body: `later ${s}`, publishedAt: new Date(Date.now() + 3_600_000).toISOString() });
    expect((await search(d)).total).toBe(0);
    expect((await search(s)).total).toBe(0);

    const post = await createPost(author, category, { body: `original ${before}` });
    expect((await search(before)).total).toBe(1);
    const edited = await json<PostResponse>(
      await call(`/api/posts/${post.slug}`, { method: 'PUT', json: updateOf(post, { body: `rewritten ${after}`, excerpt: '' }), cookie: author.cookie }),
    );
    expect((await search(before)).total).toBe(0);
    expect((await search(after)).items.map((p) => p.slug)).toEqual([post.slug]);
    await json(await call(`/api/posts/${post.slug}`, { method: 'PUT', json: updateOf(edited.post, { status: 'draft' }), cookie: author.cookie }));
    expect((await search(after)).total).toBe(0);
    expect((await call(`/api/posts/${post.slug}`, { method: 'DELETE', cookie: author.cookie })).status).toBe(204);
    expect((await search(after)).total).toBe(0);
  });

  const JUNK = [
    '"',
    '""',
    '"unterminated',
    '*',
    'a*',
    '*a',
    'NEAR(',
    'NEAR(a b, 2)',
    'near/3',
    '-',
    '-a',
    "'",
    "o'reilly",
    'a OR',
    'OR',
    'AND NOT',
    'title:x',
    '{title body}: x',
    '^start',
    '(a',
    'a)',
    ')(',
    '+',
    ':',
    '\\',
    '%',
    '%00',
    '\u0000',
    '\uE000x\uE001',
    '🙂 emoji 🙂',
    '中文 搜索',
    '\u202Eright-to-left',
    '<script>alert(1)</script>',
    "' OR 1=1 --",
    '"; DROP TABLE posts; --',
    '*'.repeat(200),
    '"'.repeat(200),
    'NEAR('.repeat(40),
  ];

  it.each(JUNK)('answers %j normally', async (q) => {
    const res = await call(`/api/posts?q=${encodeURIComponent(q)}`);
    expect(res.status, await res.clone().text()).toBe(200);
    const body = (await res.json()) as PostListResponse;
    expect(body).toMatchObject({ page: 1, pageSize: 12 });
  });

  it('500 characters of junk → 400 naming q (the limit is 200), never 500', async () => {
    const chars = Array.from('"*-\'()NEAR:^{}ab\\%🙂');
    const junk = Array.from({ length: 500 }, (_, i) => chars[i % chars.length]).join('');
    const body = await expectError(await call(`/api/posts?q=${encodeURIComponent(junk)}`), 400, 'bad_request');
    expect(body.error.fields).toHaveProperty('q');
    const res = await call(`/api/posts?q=${encodeURIComponent(Array.from(junk).slice(0, 150).join(''))}`);
    expect(res.status).toBe(200);
  });

  it('a blank q lists posts as usual', async () => {
    const res = await json<PostListResponse>(await call('/api/posts?q=%20%20'));
    expect(res.page).toBe(1);
    expect(res.items.every((i) => !('snippetHtml' in i))).toBe(true);
  });
});
