import { createMiddleware } from 'hono/factory';
import { isAdmin } from '../../contracts/roles';
import type { AppEnv, SessionUser } from '../env';
import { forbidden, unauthenticated } from '../lib/http-error';

export const requireUser = createMiddleware<AppEnv & { Variables: { user: SessionUser } }>(async (c, next) => {
  if (!c.var.user) throw unauthenticated();
  await next();
});

export const requireAdmin = createMiddleware<AppEnv & { Variables: { user: SessionUser } }>(async (c, next) => {
  if (!c.var.user) throw unauthenticated();
  if (!isAdmin(c.var.user)) throw forbidden('Only admins may do that');
  await next();
});
