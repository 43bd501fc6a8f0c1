// The invite's page (`/invite?token=…`) and its form posted before hydration (product.md §13; decision 055):
// the page shows the invited address and role, or only that the link is not valid; the form's urlencoded post
// makes the account and answers 303 with the session cookie — to /admin for staff, home for anyone else — or
// re-renders the page with the errors and the typed name and username, never the password.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { INVALID_INVITE_TOKEN, type InviteCreated } from '../../contracts/invites';
import { ROLE_CONTRIBUTOR, ROLE_EDITOR } from '../../contracts/roles';
import { callAs } from './admin-kit';
import { createAdmin, createUser, json, uid } from './factories';
import { call, findUser, ORIGIN, sessionCookieFrom, verify } from './helpers';
import { mailsTo, tokenIn } from './mail-outbox';

async function invited(role: number) {
  const admin = await createAdmin();
  const email = `page-invitee-${uid()}@example.com`;
  await json<InviteCreated>(await callAs(admin, '/api/admin/invites', { method: 'POST', json: { email, role } }), 201);
  return { email, token: tokenIn((await mailsTo(email))[0]!, '/invite') };
}

const postInviteForm = (token: string, fields: Record<string, string>) =>
  call(`/api/auth/invite/accept?form=invite&token=${encodeURIComponent(token)}`, {
    method: 'POST',
    body: new URLSearchParams({ token, ...fields }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN, 'sec-fetch-site': 'same-origin' },
  });

const decoded = (html: string) => html.replaceAll('&#x27;', "'").replaceAll('&#39;', "'").replaceAll('&quot;', '"');

describe('the /invite page', () => {
  it('shows the invited address and role and the form; a bad link only says it is not valid', async () => {
    const { email, token } = await invited(ROLE_EDITOR);
    const page = await call(`/invite?token=${token}`);
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control') ?? '').not.toMatch(/public|max-age=[1-9]/);
    expect(html).toContain(email);
    expect(html).toContain('Editor');
    expect(html).toContain('action="/api/auth/invite/accept?form=invite&amp;token=');
    const bad = await (await call(`/invite?token=inv_${'B'.repeat(43)}`)).text();
    expect(decoded(bad)).toContain(INVALID_INVITE_TOKEN);
    expect(bad).not.toContain('name="password"');
  });

  it('posted before hydration: 303 to /admin for staff with the session cookie', async () => {
    const { email, token } = await invited(ROLE_EDITOR);
    const username = `pf${uid(8)}`;
    const res = await postInviteForm(token, { username, name: 'Form Person', password: `form pw ${uid(8)}` });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/admin');
    const cookie = sessionCookieFrom(res);
    expect((await verify(cookie)).status).toBe(200);
    expect(await findUser(username)).toMatchObject({ email, role: ROLE_EDITOR });
  });

  it('posted before hydration: 303 home for a contributor; a refused one re-renders with the input and never the password', async () => {
    const member = await createUser();
    const { token } = await invited(ROLE_CONTRIBUTOR);
    const password = `secret form pw ${uid(8)}`;
    const refused = await postInviteForm(token, { username: member.username, name: 'Typed Name', password });
    const html = await refused.text();
    expect(refused.status).toBe(409);
    expect(html).toContain('value="Typed Name"');
    expect(html).not.toContain(password);
    const username = `pc${uid(8)}`;
    const res = await postInviteForm(token, { username, name: 'Typed Name', password });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/');
    const row = await env.DB.prepare('SELECT role FROM users WHERE username = ?').bind(username).first<{ role: number }>();
    expect(row!.role).toBe(ROLE_CONTRIBUTOR);
  });
});
