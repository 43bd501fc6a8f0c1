// A missing or short secret stops the Worker from serving anything, loudly.
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../env';
import { MIN_SECRET_LENGTH, REQUIRED_SECRETS } from '../lib/required-secrets';
import { turnstileMisconfigured } from '../lib/turnstile';

/** Why this environment must not serve, or null when every required secret and setting is in place. */
export function secretsProblem(env: Env): string | null {
  for (const name of REQUIRED_SECRETS) {
    const value = env[name];
    if (typeof value !== 'string' || value.length < MIN_SECRET_LENGTH) {
      return `${name} is missing or shorter than ${MIN_SECRET_LENGTH} characters; refusing to serve`;
    }
  }
  if (turnstileMisconfigured(env)) return 'TURNSTILE_SECRET is set but TURNSTILE_SITE_KEY is empty (wrangler.toml [vars]); refusing to serve';
  return null;
}

export const checkSecrets = createMiddleware<AppEnv>(async (c, next) => {
  const problem = secretsProblem(c.env);
  if (problem) throw new Error(problem);
  await next();
});
