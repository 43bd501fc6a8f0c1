// `npm run import` into the local database writes outside the running Worker (`npm start`): the Worker
// learns of such writes only when the content state it holds expires (STALE_BOUND_MS, decision 009),
// so the first import stayed invisible to visitors. The CLI now tells the running site through
// CONTENT_STATE_REFRESH_PATH, and the next visitor sees the import (decision 029).
import { env } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CONTENT_STATE_REFRESH_PATH } from '../../contracts/import';
import { call } from './helpers';
import { createCategory, createPost, createUser, uid } from './factories';

afterEach(() => {
  vi.useRealTimers();
});

describe('a write made outside the Worker, then announced', () => {
  it('is seen by the next visitor at once, though the clock has not moved', async () => {
    // The clock stands still: only the announcement can move visitors to the new content.
    vi.useFakeTimers({ toFake: ['Date'] });
    const [author, category] = await Promise.all([createUser(), createCategory()]);
    const post = await createPost(author, category, { title: 'Before the import' });
    const path = `/details/${post.slug}`;
    await (await call(path)).text();
    expect((await call(path)).headers.get('x-cache')).toBe('HIT');

    // What the CLI does: write straight into D1, as scripts/import.ts does through wrangler's proxy.
    const title = `Imported ${uid(6)}`;
    await env.DB.prepare('UPDATE posts SET title = ? WHERE slug = ?').bind(title, post.slug).run();
    const stale = await call(path);
    expect(stale.headers.get('x-cache')).toBe('HIT');
    expect(await stale.text()).toContain('Before the import');

    const told = await call(CONTENT_STATE_REFRESH_PATH, { method: 'POST' });
    expect(told.status).toBe(204);
    const after = await call(path);
    expect(after.headers.get('x-cache')).toBe('MISS');
    expect(await after.text()).toContain(title);
  });

  it('the announcement needs no sign-in, changes no content, and is never cached', async () => {
    const before = await env.DB.prepare('SELECT generation FROM site_state').first('generation');
    for (let i = 0; i < 3; i++) expect((await call(CONTENT_STATE_REFRESH_PATH, { method: 'POST' })).status).toBe(204);
    expect(await env.DB.prepare('SELECT generation FROM site_state').first('generation')).toBe(before);
    expect((await call(CONTENT_STATE_REFRESH_PATH)).status).toBe(404);
  });
});
