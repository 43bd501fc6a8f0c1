import { createMiddleware } from 'hono/factory';
import type { AppEnv, SessionUser } from '../env';
import { requireAdminRole, requireSignedIn } from '../lib/permissions';

export const requireUser = createMiddleware<AppEnv & { Variables: { user: SessionUser } }>(async (c, next) => {
  requireSignedIn(c.var.user);
  await next();
});

export const requireAdmin = createMiddleware<AppEnv & { Variables: { user: SessionUser } }>(async (c, next) => {
  requireAdminRole(c.var.user);
  await next();
});
