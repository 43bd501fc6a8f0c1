// Cloudflare Turnstile (product.md §15): on when the site has the TURNSTILE_SECRET secret (and the widget's
// TURNSTILE_SITE_KEY var); off — no widget, no check — without it. The token a form sends is checked with
// Cloudflare's siteverify before anything is made; which pages show the widget decides their CSP.
import type { Context } from 'hono';
import { FORM_POSTS, formPostAt, isAddressOf, type FormId } from '../../contracts/form-posts';
import { TURNSTILE_FIELD, TURNSTILE_ORIGIN } from '../../contracts/turnstile';
import type { AppEnv } from '../env';
import { clientAddress } from './client-address';
import { HttpError } from './http-error';

const SITEVERIFY_URL = `${TURNSTILE_ORIGIN}/turnstile/v0/siteverify`;
const SITEVERIFY_TIMEOUT_MS = 10_000;

/** The forms guarded by Turnstile. */
const GUARDED_FORMS: readonly FormId[] = ['register', 'comment', 'subscribe'];

type TurnstileEnv = Pick<Env, 'TURNSTILE_SECRET' | 'TURNSTILE_SITE_KEY'>;

/** Whether the site checks Turnstile: its secret is set. */
export const turnstileOn = (env: TurnstileEnv): boolean => typeof env.TURNSTILE_SECRET === 'string' && env.TURNSTILE_SECRET !== '';

/** The widget's site key when the site checks Turnstile, else null (no widget). */
export const turnstileSiteKey = (env: TurnstileEnv): string | null => (turnstileOn(env) ? env.TURNSTILE_SITE_KEY || null : null);

/** A secret without a site key would refuse every registration: the Worker says so instead (check-secrets.ts). */
export const turnstileMisconfigured = (env: TurnstileEnv): boolean => turnstileOn(env) && !env.TURNSTILE_SITE_KEY;

/** Whether the page at `url` shows the widget: a guarded form's page, or that form's post shown again after a failure. */
export function showsTurnstile(env: TurnstileEnv, url: URL): boolean {
  if (!turnstileOn(env)) return false;
  return GUARDED_FORMS.some((id) => isAddressOf(FORM_POSTS[id].page, url.pathname)) || GUARDED_FORMS.some((id) => formPostAt(url)?.id === id);
}

const refused = (message: string) => new HttpError(400, 'bad_request', message, { [TURNSTILE_FIELD]: message });

/** Cloudflare's answer for the token: true only for `success: true`; an unreachable or odd answer is a failure, logged. */
async function siteverify(requestId: string, secret: string, token: string, remoteip: string): Promise<boolean> {
  const body = new URLSearchParams({ secret, response: token });
  if (remoteip !== 'unknown') body.set('remoteip', remoteip);
  try {
    const res = await fetch(SITEVERIFY_URL, { method: 'POST', body, signal: AbortSignal.timeout(SITEVERIFY_TIMEOUT_MS) });
    if (!res.ok) {
      console.error(`[${requestId}] TURNSTILE: siteverify answered ${res.status}`);
      return false;
    }
    const answer = (await res.json()) as { success?: unknown };
    return answer.success === true;
  } catch (err) {
    console.error(`[${requestId}] TURNSTILE: siteverify could not be reached`, err);
    return false;
  }
}

/** With Turnstile on, the request must carry a token Cloudflare accepts: a missing or failed one → 400 naming it. */
export async function requireTurnstilePass(c: Context<AppEnv>, token: string | undefined): Promise<void> {
  if (!turnstileOn(c.env)) return;
  if (!token) throw refused('Complete the check that you are not a robot (Turnstile), then send the form again');
  if (!(await siteverify(c.var.requestId, c.env.TURNSTILE_SECRET!, token, clientAddress(c)))) {
    throw refused('The check that you are not a robot (Turnstile) failed or expired; do it again, then send the form again');
  }
}
