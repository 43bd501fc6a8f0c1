// D1 read replicas through the Sessions API (product.md §17): every request reads through one session; a
// visitor's may start at any replica, a write or a signed-in request at the primary; a signed-in browser
// carries the session's bookmark in a cookie, and its next request continues from it (reads its own writes).
import { describe, expect, it } from 'vitest';
import { BOOKMARK_COOKIE, BOOKMARK_TTL_SECONDS } from '../../worker/lib/d1-bookmark';
import { createCategory, createUser, json, postInput, uid } from './factories';
import { LOCAL_ORIGIN, sessionCookieFrom } from './helpers';
import { callWith, recordingD1 } from './d1-kit';
import type { Post } from '../../contracts/posts';

const bookmarkSetBy = (res: Response) => res.headers.getSetCookie().find((line) => line.startsWith(`${BOOKMARK_COOKIE}=`));
const SHAPE = /^[0-9a-f]+(?:-[0-9a-f]+)+$/;

describe('D1 sessions and the bookmark cookie', () => {
  it('a write followed by a read in the next request, carrying the cookie the write set, sees the write', async () => {
    const author = await createUser();
    const category = await createCategory();
    const starts: (string | undefined)[] = [];
    const db = recordingD1(starts);

    const created = await callWith(db, '/api/posts', { json: postInput(category, { status: 'draft' }), cookie: author.cookie, ip: author.ip });
    const { post } = await json<{ post: Post }>(created, 201);
    expect(starts).toEqual(['first-primary']); // a write starts at the primary
    const line = bookmarkSetBy(created);
    expect(line).toBeDefined();
    const bookmark = sessionCookieFrom(created, BOOKMARK_COOKIE)!.split('=')[1]!;
    expect(bookmark).toMatch(SHAPE);

    const read = await callWith(db, `/api/posts/${post.slug}`, { cookie: `${author.cookie}; ${BOOKMARK_COOKIE}=${bookmark}`, ip: author.ip });
    expect(starts[1]).toBe(bookmark); // the next request continues from the write's bookmark
    const { post: seen } = await json<{ post: Post }>(read);
    expect(seen.title).toBe(post.title);
  });

  it('the cookie is HttpOnly, SameSite=Lax, Path=/, short-lived, and Secure on https', async () => {
    const author = await createUser();
    const res = await callWith(recordingD1([]), '/api/posts', { json: postInput(await createCategory(), { status: 'draft' }), cookie: author.cookie, ip: author.ip });
    expect(res.status).toBe(201);
    const attributes = bookmarkSetBy(res)!.split(';').slice(1).map((a) => a.trim().toLowerCase());
    expect(attributes).toEqual(expect.arrayContaining(['httponly', 'samesite=lax', 'path=/', `max-age=${BOOKMARK_TTL_SECONDS}`, 'secure']));
    expect(BOOKMARK_TTL_SECONDS).toBeLessThanOrEqual(600);
  });

  it('a visitor’s read starts anywhere (first-unconstrained) and sets no cookie', async () => {
    const starts: (string | undefined)[] = [];
    const res = await callWith(recordingD1(starts), `/tag/visitor-read-${uid()}`, { headers: { 'cache-control': 'no-cache' } });
    expect(res.status).toBe(404);
    expect(starts).toEqual(['first-unconstrained']);
    expect(bookmarkSetBy(res)).toBeUndefined();
  });

  it('a signed-in read without a bookmark starts at the primary and then gets one', async () => {
    const author = await createUser();
    const starts: (string | undefined)[] = [];
    const res = await callWith(recordingD1(starts), '/api/verify', { cookie: author.cookie, ip: author.ip });
    expect(res.status).toBe(200);
    expect(starts).toEqual(['first-primary']);
    expect(sessionCookieFrom(res, BOOKMARK_COOKIE)).toMatch(new RegExp(`^${BOOKMARK_COOKIE}=`));
  });

  it('an anonymous write starts at the primary and gets no bookmark (it would tell whether a row was written)', async () => {
    const starts: (string | undefined)[] = [];
    const res = await callWith(recordingD1(starts), '/api/auth/password-reset', { json: { email: `nobody-${uid()}@example.com` } });
    expect(res.status).toBe(202);
    expect(starts).toEqual(['first-primary']);
    expect(bookmarkSetBy(res)).toBeUndefined();
  });

  it('a bad bookmark cookie is ignored, never a 500', async () => {
    const author = await createUser();
    for (const bad of ['not-a-bookmark!', 'zz-zz', `${'0'.repeat(8)}-`, '0'.repeat(300), '%00%01', 'first-primary']) {
      const starts: (string | undefined)[] = [];
      const db = recordingD1(starts);
      const visitor = await callWith(db, `/tag/bad-bookmark-${uid()}`, { cookie: `${BOOKMARK_COOKIE}=${bad}`, headers: { 'cache-control': 'no-cache' } });
      expect(visitor.status, bad).toBe(404);
      const signedIn = await callWith(db, '/api/verify', { cookie: `${author.cookie}; ${BOOKMARK_COOKIE}=${bad}`, ip: author.ip });
      expect(signedIn.status, bad).toBe(200);
      expect(starts, bad).toEqual(['first-unconstrained', 'first-primary']);
    }
  });

  it('on plain-http localhost the cookie is not Secure (browsers would drop it)', async () => {
    const author = await createUser();
    const res = await callWith(recordingD1([]), '/api/verify', { cookie: author.cookie.replace('__Host-', ''), origin: LOCAL_ORIGIN, ip: author.ip });
    expect(res.status).toBe(200);
    expect(bookmarkSetBy(res)!.toLowerCase()).not.toContain('secure');
  });
});
