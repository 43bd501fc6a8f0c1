import { createMiddleware } from 'hono/factory';
import type { AppEnv, SessionUser } from '../env';
import type { Capability } from '../../contracts/permissions';
import { requireCapability, requireSignedIn } from '../lib/permissions';

export const requireUser = createMiddleware<AppEnv & { Variables: { user: SessionUser } }>(async (c, next) => {
  requireSignedIn(c.var.user);
  await next();
});

/** Only someone whose role may do `capability` gets through (401 a visitor, 403 anyone else). */
export const requireCan = (capability: Capability) =>
  createMiddleware<AppEnv & { Variables: { user: SessionUser } }>(async (c, next) => {
    requireCapability(c.var.user, capability);
    await next();
  });
