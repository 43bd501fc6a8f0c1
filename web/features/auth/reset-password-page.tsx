// `/reset-password?token=…`: the link from the reset mail. The page checks the link as it opens (without
// using it), so a used or expired one says so at once. A new password ends every session of the account and
// signs this browser in afresh (docs/decisions/012), then goes home.
import { Link, useLoaderData } from 'react-router-dom';
import { INVALID_RESET_TOKEN, PasswordResetConfirmSchema, type PasswordResetConfirm } from '../../../contracts/password-reset';
import { paths } from '../../lib/paths';
import type { PageModule, RouteHandle } from '../../lib/route-kit';
import type { ApiClients } from '../../lib/api-client';
import { NewPasswordField } from '../../components/form-field';
import { FormMessage } from '../../components/form-message';
import { fetchCurrentUser } from '../../lib/auth-api';
import { confirmPasswordReset } from './api';
import { AuthFrame } from './auth-layout';
import { useSignInForm } from './use-sign-in-form';

/** The link's token and whether it still works ('missing': the page was opened without one). */
interface ResetLink {
  token: string;
  state: 'usable' | 'invalid' | 'missing';
}

export const loader: PageModule['loader'] = async ({ request }, { reads }): Promise<ResetLink> => {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  if (token === '') return { token, state: 'missing' };
  const { valid } = await reads.passwordResetCheck(token);
  return { token, state: valid ? 'usable' : 'invalid' };
};

/** The reset signs this browser in (204); the user is then read back. */
async function resetAndSignIn(api: ApiClients, input: PasswordResetConfirm) {
  await confirmPasswordReset(api, input);
  return fetchCurrentUser(api.public);
}

export const handle: RouteHandle = { head: () => ({ title: 'Choose a new password', noindex: true }) };

const STATE_MESSAGES = { missing: 'This page needs the link from your reset mail.', invalid: INVALID_RESET_TOKEN } as const;

export function Component() {
  const link = useLoaderData() as ResetLink;
  const { form, onSubmit } = useSignInForm('reset-password', PasswordResetConfirmSchema, resetAndSignIn, { to: paths.home() });

  return (
    <AuthFrame title="Choose a new password">
      {link.state !== 'usable' ? (
        <FormMessage message={STATE_MESSAGES[link.state]} />
      ) : (
        <form {...form.formProps} onSubmit={onSubmit} aria-busy={form.busy}>
          <input type="hidden" name="token" value={link.token} />
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
