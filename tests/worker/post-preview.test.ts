// POST /api/posts/preview: the editor's live preview is the readers' own renderer (sanitised HTML), for
// signed-in users only, with the post body's limits and the error shape of every other call.
import { describe, expect, it } from 'vitest';
import { BODY_MAX } from '../../contracts/limits';
import { callAs, dbSnapshot } from './admin-kit';
import { createUser } from './factories';

const preview = (who: Awaited<ReturnType<typeof createUser>> | null, json: unknown) =>
  callAs(who, '/api/posts/preview', { method: 'POST', json });

describe('POST /api/posts/preview', () => {
  it('renders Markdown as readers get it: headings and emphasis kept, scripts, handlers and javascript: links gone', async () => {
    const author = await createUser();
    const res = await preview(author, {
      body: '## Hello\n\nSome *words* and [a link](javascript:alert(1)).\n\n<script>alert(1)</script>\n\n<img src=x onerror=alert(1)>',
    });
    expect(res.status).toBe(200);
    const { html } = (await res.json()) as { html: string };
    expect(html).toContain('<h2');
    expect(html).toContain('<em>words</em>');
    // Raw HTML is shown as text, never as markup; a javascript: link is not made a link.
    expect(html).not.toMatch(/<script|<img|<a /i);
    expect(html).toContain('&lt;script&gt;');
  });

  it('is for signed-in users only: a visitor gets 401 unauthenticated', async () => {
    const res = await preview(null, { body: 'Hi' });
    expect(res.status).toBe(401);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('unauthenticated');
  });

  it('refuses bad input with 422 naming the field, and changes nothing', async () => {
    const author = await createUser();
    const before = await dbSnapshot();
    for (const body of [{}, { body: 42 }, { body: 'x'.repeat(BODY_MAX + 1) }, { body: 'ok', extra: true }]) {
      const res = await preview(author, body);
      expect(res.status, JSON.stringify(body).slice(0, 40)).toBe(422);
      const { error } = (await res.json()) as { error: { code: string; fields?: Record<string, string> } };
      expect(error.code).toBe('validation_failed');
    }
    expect(await dbSnapshot()).toEqual(before);
  });

  it('refuses a body that is not JSON with 415', async () => {
    const author = await createUser();
    const res = await callAs(author, '/api/posts/preview', { method: 'POST', body: 'body=hi', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(res.status).toBe(415);
  });
});
