// The profile's side of the email change by confirmation link (issue 20 item 7's contract): after the change
// is asked for, the page names the address to confirm and keeps the old one as the current address; where
// the link from the mail lands (`?email=confirmed|invalid`), the profile says what happened.
// @vitest-environment happy-dom
import { act } from 'react';
import type { LoaderFunctionArgs } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { Component as ProfileEditPage, loader as profileEditLoader } from '../../web/features/profile/profile-edit-page';
import type { RouteDeps } from '../../web/lib/route-kit';
import { cleanup, renderRoutes, settle } from './render-in-router';

afterEach(cleanup);

const user = { name: 'Maya', username: 'maya-chen', bio: '', image: null, role: 1, email: 'maya@example.com' };
const profile = { user, posts: { items: [], page: 1, pageSize: 12, total: 0 } };

function render(url: string, ...script: Parameters<typeof renderRoutes>[2]) {
  const routes = (deps: RouteDeps) => [
    { path: '/profile/edit', loader: (args: LoaderFunctionArgs) => profileEditLoader!(args, deps), Component: ProfileEditPage },
  ];
  return renderRoutes(routes, url, script);
}

describe('email change by confirmation link, on the profile edit page', () => {
  it('after the PATCH answers pendingEmail: "Check <new address> …", and the current address stays the old one', async () => {
    const { host, net } = render('/profile/edit', { status: 200, json: profile }, { status: 200, json: { user, pendingEmail: 'new@example.com' } });
    await settle();
    const form = host.querySelectorAll('form')[1]!;
    expect(form.getAttribute('action')).toBe('/api/profile?form=email');
    form.querySelector<HTMLInputElement>('input[name="email"]')!.value = 'new@example.com';
    form.querySelector<HTMLInputElement>('input[name="currentPassword"]')!.value = 'my password';
    act(() => form.requestSubmit());
    await settle();
    expect(net.calls.map((c) => `${c.init.method} ${c.url}`)).toEqual(['GET /api/profile', 'PATCH /api/profile']);
    expect(form.textContent).toContain('Check new@example.com for a link to confirm the change');
    expect(form.textContent).toContain('Now: maya@example.com');
  });

  it('a change posted before hydration comes back with ?saved=email&pendingEmail= and says the same', async () => {
    const { host } = render('/profile/edit?saved=email&pendingEmail=new%40example.com', { status: 200, json: profile });
    await settle();
    expect(host.textContent).toContain('Check new@example.com for a link to confirm the change');
  });
});
