// `/reset-password?token=…`: the link from the reset mail. A new password ends every session of the
// account and signs this browser in afresh (docs/decisions/012), then goes home.
import { Link, useSearchParams } from 'react-router-dom';
import { PasswordResetConfirmSchema, type PasswordResetConfirm } from '../../../contracts/password-reset';
import { paths } from '../../lib/paths';
import type { RouteHandle } from '../../lib/route-kit';
import type { ApiClients } from '../../lib/api-client';
import { NewPasswordField } from '../../components/form-field';
import { FormMessage } from '../../components/form-message';
import { fetchCurrentUser } from '../../lib/auth-api';
import { confirmPasswordReset } from './api';
import { AuthFrame } from './auth-layout';
import { useSignInForm } from './use-sign-in-form';

/** The reset signs this browser in (204); the user is then read back. */
async function resetAndSignIn(api: ApiClients, input: PasswordResetConfirm) {
  await confirmPasswordReset(api, input);
  return fetchCurrentUser(api.public);
}

export const handle: RouteHandle = { head: () => ({ title: 'Choose a new password', noindex: true }) };

export function Component() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { form, onSubmit } = useSignInForm(PasswordResetConfirmSchema, resetAndSignIn, { to: paths.home(), extra: { token } });

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
