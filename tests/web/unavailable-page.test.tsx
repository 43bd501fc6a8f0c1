// A page whose data the API could not give because D1 failed (503 `unavailable`, product.md §17) says the site
// is temporarily unavailable and to try again in a minute — not "something went wrong", which any other failure says.
// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { UNAVAILABLE_MESSAGE } from '../../contracts/errors';
import { RouteError } from '../../web/app/error-pages';
import { ApiError } from '../../web/lib/http';
import { cleanup, renderRoutes, settle } from './render-in-router';

afterEach(cleanup);

async function pageWhoseLoaderThrows(error: Error) {
  const routes = [{ path: '/', loader: () => Promise.reject(error), Component: () => <p>Loaded</p>, ErrorBoundary: RouteError }];
  const { host } = renderRoutes(routes, '/', [500]);
  await settle();
  return host;
}

describe('the route error page', () => {
  it('a 503 unavailable shows "Temporarily unavailable" and to try again in a minute', async () => {
    const host = await pageWhoseLoaderThrows(new ApiError(503, 'unavailable', UNAVAILABLE_MESSAGE));
    expect(host.querySelector('h1')?.textContent).toBe('Temporarily unavailable');
    expect(host.textContent).toContain('try again in a minute');
  });

  it('any other failure still shows "Something went wrong"', async () => {
    const host = await pageWhoseLoaderThrows(new ApiError(500, 'internal', 'Something went wrong (request x)'));
    expect(host.querySelector('h1')?.textContent).toBe('Something went wrong');
  });
});
