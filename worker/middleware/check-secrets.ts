// A missing or short secret stops the Worker from serving anything, loudly.
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../env';
import { MIN_SECRET_LENGTH, REQUIRED_SECRETS } from '../lib/required-secrets';
import { turnstileMisconfigured } from '../lib/turnstile';

export const checkSecrets = createMiddleware<AppEnv>(async (c, next) => {
  for (const name of REQUIRED_SECRETS) {
    const value = c.env[name];
    if (typeof value !== 'string' || value.length < MIN_SECRET_LENGTH) {
      throw new Error(`${name} is missing or shorter than ${MIN_SECRET_LENGTH} characters; refusing to serve`);
    }
  }
  if (turnstileMisconfigured(c.env)) throw new Error('TURNSTILE_SECRET is set but TURNSTILE_SITE_KEY is empty (wrangler.toml [vars]); refusing to serve');
  await next();
});
