// The guards as loaders: they only decide where to navigate (or show the 403 page); the Worker enforces.
import { redirect, type LoaderFunctionArgs } from 'react-router-dom';
import { can, type Capability } from '../../contracts/permissions';
import { roleLabel } from '../../contracts/roles';
import { ADMIN_AREA_CAPABILITY } from '../../contracts/routes';
import { forbiddenPage } from '../lib/loader-kit';
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

/**
 * Someone whose role may do `capability` (the permission table); a visitor goes to /login?redirect=<where they
 * were going>, anyone else gets the 403 page, which offers the dashboard to staff and the profile to the rest.
 * `revalidate`: ask the server first whether the session is alive (the admin layout's guard does, on the way
 * in; each page's guard then decides on what it said).
 */
export const capabilityGuard =
  (capability: Capability, { revalidate = true } = {}) =>
  ({ session, revalidateSession }: RouteDeps) =>
  async ({ request }: LoaderFunctionArgs) => {
    if (revalidate) await revalidateSession?.();
    const { user } = session.get();
    if (!isLoggedIn(user)) throw redirect(paths.login(here(request)));
    if (can(user, capability)) return null;
    const next = can(user, ADMIN_AREA_CAPABILITY) ? { href: paths.admin.dashboard(), label: 'Go to the dashboard' } : { href: paths.profile(), label: 'Go to your profile' };
    return forbiddenPage('You can’t open this page', `Your role (${roleLabel(user.role)}) may not use it.`, next);
  };

/** The admin area (its layout): staff only, by the capability that opens it. */
export const adminGuard = capabilityGuard(ADMIN_AREA_CAPABILITY);

/** Visitors only (login, register); a signed-in user goes to /. */
export const noAuthGuard =
  ({ session }: RouteDeps) =>
  () => {
    if (isLoggedIn(session.get().user)) throw redirect(paths.home());
    return null;
  };
