// The generic HTTP client: retries, credentials, bodies, the error shape.
import { describe, expect, it } from 'vitest';
import { ApiError, createHttpClient, type Method } from '../../web/lib/http';
import { fakeFetch, headersOf } from './fake-fetch';

const TRANSIENT = [408, 409, 425, 429, 500, 502, 503, 504] as const;
const NOT_TRANSIENT = [400, 401, 403, 404, 422, 501] as const;
const READ_METHODS: Method[] = ['GET', 'HEAD'];
const BODY_METHODS: Method[] = ['POST', 'PUT', 'PATCH', 'DELETE'];
const ALL_METHODS: Method[] = [...READ_METHODS, ...BODY_METHODS];

/** Runs one request and returns how it settled, so a test can look at the error and the calls. */
async function settle(method: Method, ...script: Parameters<typeof fakeFetch>) {
  const net = fakeFetch(...script);
  const http = createHttpClient({ fetch: net.fetch });
  try {
    const value = await http.request<unknown>(method, '/api/thing');
    return { ok: true as const, value, calls: net.calls };
  } catch (error) {
    return { ok: false as const, error, calls: net.calls };
  }
}

describe('retry matrix', () => {
  describe.each(TRANSIENT)('transient status %i', (status) => {
    it.each(READ_METHODS)('%s is retried exactly once (2 calls), then rejects with that status', async (method) => {
      const r = await settle(method, status);
      expect(r.calls).toHaveLength(2);
      expect(r.calls.map((c) => c.init.method)).toEqual([method, method]);
      expect(r.calls.map((c) => c.url)).toEqual(['/api/thing', '/api/thing']);
      expect(r.ok).toBe(false);
      expect((r as { error: ApiError }).error).toBeInstanceOf(ApiError);
      expect((r as { error: ApiError }).error.status).toBe(status);
    });

    it.each(BODY_METHODS)('%s is never retried (1 call)', async (method) => {
      const r = await settle(method, status, 200);
      expect(r.calls).toHaveLength(1);
      expect(r.ok).toBe(false);
      expect((r as { error: ApiError }).error.status).toBe(status);
    });

    it('a GET retry that succeeds returns the data', async () => {
      const r = await settle('GET', status, { status: 200, json: { hello: 'world' } });
      expect(r.calls).toHaveLength(2);
      expect(r).toMatchObject({ ok: true, value: { hello: 'world' } });
    });

    it('a HEAD retry that succeeds resolves', async () => {
      const r = await settle('HEAD', status, 200);
      expect(r.calls).toHaveLength(2);
      expect(r).toMatchObject({ ok: true, value: undefined });
    });
  });

  describe.each(NOT_TRANSIENT)('non-transient status %i', (status) => {
    it.each(ALL_METHODS)('%s is never retried (1 call)', async (method) => {
      const r = await settle(method, status, 200);
      expect(r.calls).toHaveLength(1);
      expect(r.ok).toBe(false);
      expect((r as { error: ApiError }).error.status).toBe(status);
    });
  });

  it('retries at most once: two transient answers in a row reject after 2 calls', async () => {
    const r = await settle('GET', 503, 503, { status: 200, json: { late: true } });
    expect(r.calls).toHaveLength(2);
    expect(r.ok).toBe(false);
  });

  it('a success on the first try is not repeated', async () => {
    const r = await settle('GET', { status: 200, json: { n: 1 } });
    expect(r.calls).toHaveLength(1);
    expect(r).toMatchObject({ ok: true, value: { n: 1 } });
  });

  it('send() (prepared bodies) is never retried, even for GET', async () => {
    const net = fakeFetch(503, 200);
    const http = createHttpClient({ fetch: net.fetch });
    await expect(http.send('GET', '/api/upload', 'raw')).rejects.toMatchObject({ status: 503 });
    expect(net.calls).toHaveLength(1);
  });
});

describe('what each call sends', () => {
  it.each(ALL_METHODS)('%s sends credentials: include', async (method) => {
    const net = fakeFetch(200);
    await createHttpClient({ fetch: net.fetch }).request(method, '/api/x', { a: 1 });
    expect(net.calls).toHaveLength(1);
    expect(net.calls[0]!.init.credentials).toBe('include');
    expect(net.calls[0]!.init.method).toBe(method);
  });

  it('a retried call sends credentials: include both times', async () => {
    const net = fakeFetch(503, 200);
    await createHttpClient({ fetch: net.fetch }).request('GET', '/api/x');
    expect(net.calls.map((c) => c.init.credentials)).toEqual(['include', 'include']);
  });

  it('send() sends credentials: include and the body as given', async () => {
    const net = fakeFetch(200);
    const form = new FormData();
    form.set('file', 'abc');
    await createHttpClient({ fetch: net.fetch }).send('POST', '/api/upload', form);
    expect(net.calls[0]!.init.credentials).toBe('include');
    expect(net.calls[0]!.init.body).toBe(form);
    expect(headersOf(net.calls[0]!)['content-type']).toBeUndefined();
  });

  it.each(BODY_METHODS)('%s sends a JSON body: content-type application/json, body = JSON.stringify(input)', async (method) => {
    const input = { title: 'Hello', tags: ['a', 'b'], n: 3, nested: { ok: true } };
    const net = fakeFetch(200);
    await createHttpClient({ fetch: net.fetch }).request(method, '/api/x', input);
    const call = net.calls[0]!;
    expect(headersOf(call)['content-type']).toBe('application/json');
    expect(call.init.body).toBe(JSON.stringify(input));
  });

  it.each(BODY_METHODS)('%s with no body given sends "{}"', async (method) => {
    const net = fakeFetch(200);
    await createHttpClient({ fetch: net.fetch }).request(method, '/api/x');
    expect(headersOf(net.calls[0]!)['content-type']).toBe('application/json');
    expect(net.calls[0]!.init.body).toBe('{}');
  });

  it.each(READ_METHODS)('%s sends no body and no JSON content-type, even when given one', async (method) => {
    const net = fakeFetch(200);
    await createHttpClient({ fetch: net.fetch }).request(method, '/api/x', { ignored: true });
    expect(net.calls[0]!.init.body).toBeUndefined();
    expect(headersOf(net.calls[0]!)['content-type']).toBeUndefined();
  });

  it('prefixes baseUrl to the path', async () => {
    const net = fakeFetch(200);
    await createHttpClient({ fetch: net.fetch, baseUrl: 'https://byline.test' }).request('GET', '/api/verify');
    expect(net.calls[0]!.url).toBe('https://byline.test/api/verify');
  });

  it('a 204 answer resolves to undefined', async () => {
    const net = fakeFetch(204);
    await expect(createHttpClient({ fetch: net.fetch }).request('DELETE', '/api/x')).resolves.toBeUndefined();
  });
});

describe('error shape', () => {
  it('{error:{code,message,fields}} becomes an ApiError with status, code, message and fields', async () => {
    const net = fakeFetch({
      status: 422,
      json: { error: { code: 'validation_failed', message: 'Check the form', fields: { title: 'Too short' } } },
    });
    const error = await createHttpClient({ fetch: net.fetch })
      .request('POST', '/api/posts', { title: 'x' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({
      status: 422,
      code: 'validation_failed',
      message: 'Check the form',
      fields: { title: 'Too short' },
    });
  });

  it('an error body without fields gets empty fields', async () => {
    const net = fakeFetch({ status: 404, json: { error: { code: 'not_found', message: 'No such post' } } });
    const error = await createHttpClient({ fetch: net.fetch }).request('GET', '/api/posts/x').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 404, code: 'not_found', message: 'No such post', fields: {} });
  });

  it('a non-JSON error answer still becomes an ApiError with the status', async () => {
    const net = fakeFetch({ status: 500, text: '<html>Internal Server Error</html>' });
    const error = await createHttpClient({ fetch: net.fetch }).request('POST', '/api/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 500, code: 'internal', fields: {} });
    expect((error as ApiError).message).toEqual(expect.any(String));
    expect((error as ApiError).message.length).toBeGreaterThan(0);
  });

  it('JSON that is not the error shape still becomes an ApiError', async () => {
    const net = fakeFetch({ status: 400, json: { message: 'nope' } });
    const error = await createHttpClient({ fetch: net.fetch }).request('PUT', '/api/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: 'internal', fields: {} });
  });

  it('a network failure becomes ApiError status 0 with code "network", keeping the cause', async () => {
    const cause = new TypeError('Failed to fetch');
    const net = fakeFetch(cause);
    const error = await createHttpClient({ fetch: net.fetch }).request('GET', '/api/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 0, code: 'network' });
    expect((error as ApiError).cause).toBe(cause);
    expect(net.calls).toHaveLength(1);
  });

  it('a network failure on the retry also becomes ApiError status 0', async () => {
    const net = fakeFetch(503, new TypeError('Failed to fetch'));
    const error = await createHttpClient({ fetch: net.fetch }).request('GET', '/api/x').catch((e: unknown) => e);
    expect(net.calls).toHaveLength(2);
    expect(error).toMatchObject({ status: 0, code: 'network' });
  });

  it('onError sees the same ApiError that is thrown', async () => {
    const seen: ApiError[] = [];
    const net = fakeFetch({ status: 409, json: { error: { code: 'conflict', message: 'Taken' } } });
    const error = await createHttpClient({ fetch: net.fetch, onError: (e) => seen.push(e) })
      .request('POST', '/api/x')
      .catch((e: unknown) => e);
    expect(seen).toEqual([error]);
  });
});
