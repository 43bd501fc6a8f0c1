// The three guards as loaders: they only decide where to navigate; the Worker enforces.
import { redirect, type LoaderFunctionArgs } from 'react-router-dom';
import { isAdmin } from '../../contracts/roles';
import { isLoggedIn } from '../lib/session';
import { paths } from '../lib/paths';
import type { RouteDeps } from '../lib/route-kit';

const here = (request: Request) => {
  const url = new URL(request.url);
  return url.pathname + url.search;
};

/** Signed-in users only; a visitor goes to /login?redirect=<where they were going>. */
export const authGuard =
  ({ session, revalidateSession }: RouteDeps) =>
  async ({ request }: LoaderFunctionArgs) => {
    await revalidateSession?.();
    if (!isLoggedIn(session.get().user)) throw redirect(paths.login(here(request)));
    return null;
  };

/** Admins only; a visitor goes to /login, anyone else to /. */
export const adminGuard =
  ({ session, revalidateSession }: RouteDeps) =>
  async ({ request }: LoaderFunctionArgs) => {
    await revalidateSession?.();
    const { user } = session.get();
    if (!isLoggedIn(user)) throw redirect(paths.login(here(request)));
    if (!isAdmin(user)) throw redirect(paths.home());
    return null;
  };

/** Visitors only (login, register); a signed-in user goes to /. */
export const noAuthGuard =
  ({ session }: RouteDeps) =>
  () => {
    if (isLoggedIn(session.get().user)) throw redirect(paths.home());
    return null;
  };
