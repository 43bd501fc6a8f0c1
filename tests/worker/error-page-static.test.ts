// The static error page (render-page.ts renderErrorPage): used when the React render cannot run or for a
// non-GET page request; it reads nothing from D1, so it names no site — not "Byline", not a stale title.
import { describe, expect, it } from 'vitest';
import { callAs } from './admin-kit';
import { call } from './helpers';
import { createAdmin, json } from './factories';

describe('the static error page', () => {
  it('a PUT to a page address answers the 404 document titled "Page Not Found" with no site name', async () => {
    await json(await callAs(await createAdmin(), '/api/admin/settings', { method: 'PATCH', json: { title: 'Acme Gazette' } }));
    const res = await call('/some/page/here', { method: 'PUT', body: 'x', headers: { 'content-type': 'text/plain' } });
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain('<title>Page Not Found</title>');
    expect(html).toContain('<h1>Page Not Found</h1>');
    expect(html).not.toContain('Byline');
    expect(html).not.toContain('Acme Gazette');
  });
});
