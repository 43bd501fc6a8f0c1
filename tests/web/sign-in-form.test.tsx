// useSignInForm, the one behaviour of log in, register and a new password from a reset link: the real pages
// rendered in happy-dom under a memory router, with the real API client over a fake network.
// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Component as LoginPage } from '../../web/features/auth/login-page';
import { Component as ResetPasswordPage } from '../../web/features/auth/reset-password-page';
import { headersOf, type Scripted } from './fake-fetch';
import { cleanup, renderRoutes, settle } from './render-in-router';

const user = { name: 'Maya', username: 'maya-chen', bio: '', image: null, role: 1 };

afterEach(cleanup);

function render(url: string, ...script: Scripted[]) {
  const routes = [
    { path: '/login', Component: LoginPage },
    { path: '/reset-password', Component: ResetPasswordPage },
    { path: '*', Component: () => <p>Arrived</p> },
  ];
  const { net, session, router, host } = renderRoutes(routes, url, script);
  const fill = (name: string, value: string) => {
    host.querySelector<HTMLInputElement>(`input[name="${name}"]`)!.value = value;
  };
  const submit = async () => {
    act(() => host.querySelector('form')!.requestSubmit());
    await settle();
  };
  return { net, host, session, router, fill, submit };
}

describe('useSignInForm', () => {
  it('log in: adopts the user and goes to the same-site ?redirect=', async () => {
    const { net, session, router, fill, submit } = render('/login?redirect=%2Fdetails%2Fx', { status: 200, json: { user } });
    fill('login', 'maya-chen');
    fill('password', 'byline-demo-author');
    await submit();
    expect(net.calls.map((c) => c.url)).toEqual(['/api/auth/login']);
    expect(JSON.parse(String(net.calls[0]!.init.body))).toEqual({ login: 'maya-chen', password: 'byline-demo-author' });
    expect(session.get().user).toEqual(user);
    expect(router.state.location.pathname).toBe('/details/x');
  });

  it('log in: a redirect to another site goes home instead; the register link keeps a same-site one', async () => {
    const first = render('/login?redirect=%2F%2Fevil.example', { status: 200, json: { user } });
    first.fill('login', 'maya-chen');
    first.fill('password', 'byline-demo-author');
    await first.submit();
    expect(first.router.state.location.pathname).toBe('/');
    cleanup();
    const second = render('/login?redirect=%2Fprofile', { status: 200, json: { user } });
    expect(second.host.querySelector('a[href^="/register"]')?.getAttribute('href')).toBe('/register?redirect=%2Fprofile');
  });

  it('log in: a refused login keeps the visitor on the page with the message, signed out', async () => {
    const { session, router, host, fill, submit } = render('/login', {
      status: 401,
      json: { error: { code: 'unauthenticated', message: 'Wrong username or password' } },
    });
    fill('login', 'maya-chen');
    fill('password', 'not-the-password');
    await submit();
    expect(session.get().user).toBeNull();
    expect(router.state.location.pathname).toBe('/login');
    expect(host.querySelector('[role="alert"]')?.textContent).toContain('Wrong username or password');
  });

  it('new password: sends the token from the address with the password, reads the user back, goes home', async () => {
    const { net, session, router, fill, submit } = render('/reset-password?token=abc123&redirect=%2Fprofile', 204, { status: 200, json: { user } });
    fill('password', 'a-new-password-2');
    await submit();
    expect(net.calls.map((c) => `${c.init.method} ${c.url}`)).toEqual(['POST /api/auth/password-reset/confirm', 'GET /api/verify']);
    expect(JSON.parse(String(net.calls[0]!.init.body))).toEqual({ password: 'a-new-password-2', token: 'abc123' });
    expect(headersOf(net.calls[0]!)['content-type']).toContain('application/json');
    expect(session.get().user).toEqual(user);
    expect(router.state.location.pathname).toBe('/');
  });
});
