// A missing or short secret stops the Worker from serving anything, loudly.
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../env';
import { turnstileMisconfigured } from '../lib/turnstile';

const MIN_SECRET_LENGTH = 32;

export const checkSecrets = createMiddleware<AppEnv>(async (c, next) => {
  for (const name of ['SESSION_SECRET', 'PASSWORD_PEPPER'] as const) {
    const value = c.env[name];
    if (typeof value !== 'string' || value.length < MIN_SECRET_LENGTH) {
      throw new Error(`${name} is missing or shorter than ${MIN_SECRET_LENGTH} characters; refusing to serve`);
    }
  }
  if (turnstileMisconfigured(c.env)) throw new Error('TURNSTILE_SECRET is set but TURNSTILE_SITE_KEY is empty (wrangler.toml [vars]); refusing to serve');
  await next();
});
