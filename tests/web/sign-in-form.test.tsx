// useSignInForm, the one behaviour of log in, register and a new password from a reset link: the real pages
// rendered in happy-dom under a memory router, with the real API client over a fake network.
// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Component as LoginPage } from '../../web/features/auth/login-page';
import { Component as ResetPasswordPage, loader as resetPasswordLoader } from '../../web/features/auth/reset-password-page';
import type { LoaderFunctionArgs } from 'react-router-dom';
import type { FormReplay } from '../../contracts/form-posts';
import type { RouteDeps } from '../../web/lib/route-kit';
import { headersOf, type Scripted } from './fake-fetch';
import { cleanup, renderRoutes, settle } from './render-in-router';

const user = { name: 'Maya', username: 'maya-chen', bio: '', image: null, role: 1 };

afterEach(cleanup);

function render(url: string, ...script: Scripted[]) {
  return renderWith(undefined, url, ...script);
}

function renderWith(form: FormReplay | undefined, url: string, ...script: Scripted[]) {
  const routes = (deps: RouteDeps) => [
    { path: '/login', Component: LoginPage },
    { path: '/reset-password', loader: (args: LoaderFunctionArgs) => resetPasswordLoader!(args, deps), Component: ResetPasswordPage },
    { path: '*', Component: () => <p>Arrived</p> },
  ];
  const { net, session, router, host } = renderRoutes(routes, url, script, form);
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
    const { net, session, router, fill, submit } = render(
      '/reset-password?token=abc123&redirect=%2Fprofile',
      { status: 200, json: { valid: true } },
      204,
      { status: 200, json: { user } },
    );
    await settle();
    fill('password', 'a-new-password-2');
    await submit();
    expect(net.calls.map((c) => `${c.init.method} ${c.url}`)).toEqual([
      'GET /api/auth/password-reset/check?token=abc123',
      'POST /api/auth/password-reset/confirm',
      'GET /api/verify',
    ]);
    expect(JSON.parse(String(net.calls[1]!.init.body))).toEqual({ password: 'a-new-password-2', token: 'abc123' });
    expect(headersOf(net.calls[1]!)['content-type']).toContain('application/json');
    expect(session.get().user).toEqual(user);
    expect(router.state.location.pathname).toBe('/');
  });

  it('log in: every form is a real post to its API path, the redirect carried (works before hydration)', () => {
    const { host, net } = render('/login?redirect=%2Fprofile', 500);
    const form = host.querySelector('form')!;
    expect(form.getAttribute('method')).toBe('post');
    expect(form.getAttribute('action')).toBe('/api/auth/login?form=login&redirect=%2Fprofile');
    expect(net.calls).toEqual([]);
  });

  it('log in: a 202 asks for the mailed code; the code goes with the login to /api/auth/verify-device, then on', async () => {
    const { net, session, router, host, fill, submit } = render(
      '/login?redirect=%2Fprofile',
      { status: 202, json: { verification: 'email' } },
      { status: 200, json: { user } },
    );
    fill('login', 'maya-chen');
    fill('password', 'byline-demo-author');
    await submit();
    expect(session.get().user).toBeNull();
    expect(host.textContent).toContain('We sent a code to your email');
    const code = host.querySelector<HTMLInputElement>('input[name="code"]')!;
    expect(code.getAttribute('inputmode')).toBe('numeric');
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(host.querySelector('input[name="password"]')).toBeNull();
    expect(host.querySelector('form')!.getAttribute('action')).toBe('/api/auth/verify-device?form=verify-device&redirect=%2Fprofile');
    fill('code', '123456');
    await submit();
    expect(net.calls.map((c) => c.url)).toEqual(['/api/auth/login', '/api/auth/verify-device']);
    expect(JSON.parse(String(net.calls[1]!.init.body))).toEqual({ login: 'maya-chen', code: '123456' });
    expect(session.get().user).toEqual(user);
    expect(router.state.location.pathname).toBe('/profile');
  });

  it('log in: a wrong code (400 invalid_code) keeps the code step with the message', async () => {
    const { host, fill, submit } = render(
      '/login',
      { status: 202, json: { verification: 'email' } },
      { status: 400, json: { error: { code: 'invalid_code', message: 'That code is wrong or has expired' } } },
    );
    fill('login', 'maya-chen');
    fill('password', 'byline-demo-author');
    await submit();
    fill('code', '000000');
    await submit();
    expect(host.querySelector('[role="alert"]')?.textContent).toContain('That code is wrong or has expired');
    expect(host.querySelector('input[name="code"]')).not.toBeNull();
  });

  it("the Worker's re-rendered login shows its error and the echoed login; the password field stays empty", () => {
    const { host } = renderWith(
      {
        form: 'login',
        path: '/login',
        values: { login: 'maya-chen' },
        error: { status: 401, code: 'unauthenticated', message: 'That username or email and password do not match', fields: {} },
      },
      '/login',
      500,
    );
    expect(host.querySelector<HTMLInputElement>('input[name="login"]')!.value).toBe('maya-chen');
    expect(host.querySelector<HTMLInputElement>('input[name="password"]')!.value).toBe('');
    expect(host.querySelector('[role="alert"]')?.textContent).toContain('do not match');
  });

  it("the Worker's code step (after a 202 before hydration) opens on the code form with the login hidden", () => {
    const { host } = renderWith({ form: 'verify-device', path: '/login', values: { login: 'maya-chen' } }, '/login', 500);
    expect(host.querySelector<HTMLInputElement>('input[type="hidden"][name="login"]')!.value).toBe('maya-chen');
    expect(host.querySelector('input[name="code"]')).not.toBeNull();
  });
});
