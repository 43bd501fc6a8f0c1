// The two clients: the private one goes to /login on 401 and / on 403; the public one never moves.
import { describe, expect, it } from 'vitest';
import { createApiClients } from '../../web/lib/api-client';
import { ApiError } from '../../web/lib/http';
import { fakeFetch } from './fake-fetch';

function setup(...script: Parameters<typeof fakeFetch>) {
  const net = fakeFetch(...script);
  const navigations: string[] = [];
  const api = createApiClients({ fetch: net.fetch, navigate: (path) => navigations.push(path) });
  return { api, net, navigations };
}

const errorBody = (status: number, code: string) => ({ status, json: { error: { code, message: `status ${status}` } } });

describe('private client', () => {
  it('401 navigates to /login and still rejects with the ApiError', async () => {
    const { api, navigations } = setup(errorBody(401, 'unauthenticated'));
    const error = await api.private.request('GET', '/api/me').catch((e: unknown) => e);
    expect(navigations).toEqual(['/login']);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, code: 'unauthenticated' });
  });

  it('403 navigates to / and still rejects with the ApiError', async () => {
    const { api, navigations } = setup(errorBody(403, 'forbidden'));
    const error = await api.private.request('POST', '/api/admin/users', { a: 1 }).catch((e: unknown) => e);
    expect(navigations).toEqual(['/']);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 403, code: 'forbidden' });
  });

  it('401 from send() also navigates to /login', async () => {
    const { api, navigations } = setup(401);
    await expect(api.private.send('POST', '/api/upload', new FormData())).rejects.toBeInstanceOf(ApiError);
    expect(navigations).toEqual(['/login']);
  });

  it.each([400, 404, 409, 422, 500, 503])('%i does not navigate', async (status) => {
    const { api, navigations } = setup(status);
    await expect(api.private.request('GET', '/api/me')).rejects.toMatchObject({ status });
    expect(navigations).toEqual([]);
  });

  it('a network failure does not navigate', async () => {
    const { api, navigations } = setup(new TypeError('offline'));
    await expect(api.private.request('GET', '/api/me')).rejects.toMatchObject({ status: 0 });
    expect(navigations).toEqual([]);
  });

  it('a success does not navigate', async () => {
    const { api, navigations } = setup({ status: 200, json: { ok: 1 } });
    await expect(api.private.request('GET', '/api/me')).resolves.toEqual({ ok: 1 });
    expect(navigations).toEqual([]);
  });

  it('sends credentials: include', async () => {
    const { api, net } = setup(200);
    await api.private.request('GET', '/api/me');
    expect(net.calls[0]!.init.credentials).toBe('include');
  });
});

describe('public client', () => {
  it.each([
    [401, 'unauthenticated'],
    [403, 'forbidden'],
  ])('%i never navigates and still rejects with the ApiError', async (status, code) => {
    const { api, navigations } = setup(errorBody(status, code));
    const error = await api.public.request('GET', '/api/verify').catch((e: unknown) => e);
    expect(navigations).toEqual([]);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status, code });
  });

  it('sends credentials: include', async () => {
    const { api, net } = setup(200);
    await api.public.request('GET', '/api/posts');
    expect(net.calls[0]!.init.credentials).toBe('include');
  });
});

describe('private client ends the held session on 401', () => {
  it('calls onSessionEnded before navigating to /login, and not on 403', async () => {
    const calls: string[] = [];
    const fetch = async () => new Response(JSON.stringify({ error: { code: 'unauthenticated', message: 'no' } }), { status: 401 });
    const clients = createApiClients({
      fetch,
      navigate: (p) => calls.push(`navigate ${p}`),
      onSessionEnded: () => calls.push('ended'),
    });
    await expect(clients.private.request('GET', '/api/profile')).rejects.toThrow();
    expect(calls).toEqual(['ended', 'navigate /login']);

    const forbidden = createApiClients({
      fetch: async () => new Response('{}', { status: 403 }),
      navigate: (p) => calls.push(`navigate ${p}`),
      onSessionEnded: () => calls.push('ended again'),
    });
    await expect(forbidden.private.request('GET', '/api/admin/stats')).rejects.toThrow();
    expect(calls).toEqual(['ended', 'navigate /login', 'navigate /']);
  });
});

describe('private client 401 with the current path', () => {
  it('sends the user to /login?redirect=<where they were>, e.g. back to the editor', async () => {
    const net = fakeFetch({ status: 401, json: { error: { code: 'unauthenticated', message: 'Sign in' } } });
    const navigations: string[] = [];
    const api = createApiClients({ fetch: net.fetch, navigate: (p) => navigations.push(p), currentPath: () => '/details/a-post/edit' });
    await api.private.request('PUT', '/api/posts/a-post', {}).catch(() => undefined);
    expect(navigations).toEqual(['/login?redirect=%2Fdetails%2Fa-post%2Fedit']);
  });
});
