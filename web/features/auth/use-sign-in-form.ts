// The one behaviour of the forms that end signed in (log in, its new-device code, register, a new password
// from a reset link): check the input against the shared contract, send it, adopt the user it answers with,
// and go on to the page the visitor came for (`?redirect=`, same-site paths only) — or to `to` when given.
// Each is also a real form posting to its API path, so it works before hydration (web/lib/form-post.ts).
import type { FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { z } from 'zod';
import type { LoginVerificationRequired } from '../../../contracts/device-verification';
import type { FormId } from '../../../contracts/form-posts';
import type { CurrentUserResponse } from '../../../contracts/roles';
import { useApi } from '../../lib/api-context';
import type { ApiClients } from '../../lib/api-client';
import { useFormPost } from '../../lib/form-post';
import { safeRedirectPath } from '../../lib/paths';
import { useSessionStore } from '../../lib/session';
import { formValues, useFormSubmit } from '../../lib/use-form-submit';

interface Options {
  /** Where to go afterwards instead of `?redirect=` (or where, from the answer: an invite's staff go to /admin). */
  to?: string | ((answer: CurrentUserResponse) => string);
  /** The login asked for a mailed code (202): called with what was typed, to show the code step. */
  onVerification?: (values: Record<string, string>) => void;
}

const asksForCode = (answer: object): answer is LoginVerificationRequired => 'verification' in answer;

export function useSignInForm<S extends z.ZodType>(
  id: FormId,
  schema: S,
  send: (api: ApiClients, input: z.output<S>) => Promise<CurrentUserResponse | LoginVerificationRequired>,
  { to, onVerification }: Options = {},
) {
  const api = useApi();
  const session = useSessionStore();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const redirectTo = safeRedirectPath(params.get('redirect'));
  const post = useFormPost(id);
  // The server receives what was typed; the shared schema trims and lower-cases on both sides.
  const form = useFormSubmit(schema, (input) => send(api, input), post);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const values = formValues(e.currentTarget);
    const result = await form.submit(values);
    if (!result) return;
    if (asksForCode(result)) {
      onVerification?.(values);
      return;
    }
    session.setUser(result.user);
    navigate((typeof to === 'function' ? to(result) : to) ?? redirectTo, { replace: true });
  }

  /** The `?redirect=` to pass on to the other sign-in page (none when it is the home page). */
  const passOn = redirectTo === '/' ? undefined : redirectTo;
  /** What the Worker echoed into this form after a post before hydration (never a password). */
  const values = post.values;
  return { form, onSubmit, passOn, values };
}
