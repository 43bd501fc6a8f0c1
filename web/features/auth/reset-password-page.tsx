// `/reset-password?token=…`: the link from the reset mail. A new password ends every session of the
// account and signs this browser in afresh (docs/decisions/012), then goes home.
import type { FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { PasswordResetConfirmSchema } from '../../../contracts/password-reset';
import { paths } from '../../lib/paths';
import type { RouteHandle } from '../../lib/route-kit';
import { NewPasswordField } from '../../components/form-field';
import { FormMessage } from '../../components/form-message';
import { useApi } from '../../lib/api-context';
import { useSessionStore } from '../../lib/session';
import { formValues, useFormSubmit } from '../../lib/use-form-submit';
import { fetchCurrentUser } from '../../lib/auth-api';
import { confirmPasswordReset } from './api';
import { AuthFrame } from './auth-layout';

export const handle: RouteHandle = { head: () => ({ title: 'Choose a new password', noindex: true }) };

export function Component() {
  const api = useApi();
  const session = useSessionStore();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const form = useFormSubmit(PasswordResetConfirmSchema, async (input) => {
    await confirmPasswordReset(api, input);
    return fetchCurrentUser(api.public);
  });

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const result = await form.submit({ ...formValues(e.currentTarget), token });
    if (result) {
      session.setUser(result.user);
      navigate(paths.home(), { replace: true });
    }
  }

  return (
    <AuthFrame title="Choose a new password">
      {token === '' ? (
        <FormMessage message="This page needs the link from your reset mail." />
      ) : (
        <form onSubmit={onSubmit} {...form.formProps} aria-busy={form.busy}>
          <NewPasswordField label="New password" name="password" error={form.fields.password} />
          <FormMessage message={form.message} />
          <button type="submit" className="button primary" disabled={form.busy}>
            {form.busy ? 'Saving…' : 'Set password and log in'}
          </button>
        </form>
      )}
      <p>
        Link not working? <Link to={paths.forgotPassword()}>Ask for a new one</Link>
      </p>
    </AuthFrame>
  );
}
