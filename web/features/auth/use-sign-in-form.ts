// The one behaviour of the forms that end signed in (log in, register, a new password from a reset link):
// check the input against the shared contract, send it, adopt the user it answers with, and go on to the
// page the visitor came for (`?redirect=`, same-site paths only) — or to `to` when given.
import type { FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { z } from 'zod';
import type { CurrentUserResponse } from '../../../contracts/roles';
import { useApi } from '../../lib/api-context';
import type { ApiClients } from '../../lib/api-client';
import { safeRedirectPath } from '../../lib/paths';
import { useSessionStore } from '../../lib/session';
import { formValues, useFormSubmit } from '../../lib/use-form-submit';

interface Options {
  /** Where to go afterwards instead of `?redirect=`. */
  to?: string;
  /** Values the form does not hold (e.g. the reset token from the URL). */
  extra?: Record<string, string>;
}

export function useSignInForm<S extends z.ZodType>(
  schema: S,
  send: (api: ApiClients, input: z.output<S>) => Promise<CurrentUserResponse>,
  { to, extra }: Options = {},
) {
  const api = useApi();
  const session = useSessionStore();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const redirectTo = safeRedirectPath(params.get('redirect'));
  // The server receives what was typed; the shared schema trims and lower-cases on both sides.
  const form = useFormSubmit(schema, (input) => send(api, input));

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const result = await form.submit({ ...formValues(e.currentTarget), ...extra });
    if (result) {
      session.setUser(result.user);
      navigate(to ?? redirectTo, { replace: true });
    }
  }

  /** The `?redirect=` to pass on to the other sign-in page (none when it is the home page). */
  const passOn = redirectTo === '/' ? undefined : redirectTo;
  return { form, onSubmit, passOn };
}
