// `/invite?token=…`: the link from an invite's mail (decision 055). The page reads what the link invites to as it
// opens (without using it); the form sets username, name and password, makes the account with the invited
// email and role, and signs this browser in — staff land in the admin area, everyone else on the home page.
import { useLoaderData } from 'react-router-dom';
import { landingAfterInvite } from '../../../contracts/form-posts';
import { INVALID_INVITE_TOKEN, InviteAcceptSchema } from '../../../contracts/invites';
import { roleLabel } from '../../../contracts/roles';
import type { PageModule, RouteHandle } from '../../lib/route-kit';
import { NewPasswordField } from '../../components/form-field';
import { FormMessage } from '../../components/form-message';
import { acceptInvite } from './api';
import { AuthFrame } from './auth-layout';
import { NewAccountFields } from './new-account-fields';
import { useSignInForm } from './use-sign-in-form';

/** The link's token and what it invites to ('missing': the page was opened without one). */
type InviteLink = { token: string; state: 'usable'; email: string; role: number } | { token: string; state: 'invalid' | 'missing' };

export const loader: PageModule['loader'] = async ({ request }, { reads }): Promise<InviteLink> => {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  if (token === '') return { token, state: 'missing' };
  const check = await reads.inviteCheck(token);
  return check.valid ? { token, state: 'usable', email: check.email, role: check.role } : { token, state: 'invalid' };
};

export const handle: RouteHandle = { head: () => ({ title: 'Accept your invite', noindex: true }) };

const STATE_MESSAGES = { missing: 'This page needs the link from your invite mail.', invalid: INVALID_INVITE_TOKEN } as const;

export function Component() {
  const link = useLoaderData() as InviteLink;
  const { form, onSubmit, values } = useSignInForm('invite', InviteAcceptSchema, acceptInvite, { to: landingAfterInvite });

  return (
    <AuthFrame title="Accept your invite">
      {link.state !== 'usable' ? (
        <FormMessage message={STATE_MESSAGES[link.state]} />
      ) : (
        <form {...form.formProps} onSubmit={onSubmit} aria-busy={form.busy}>
          <p>
            You are invited as <strong>{roleLabel(link.role)}</strong> with the address <strong>{link.email}</strong>. Choose how you sign in:
          </p>
          <input type="hidden" name="token" value={link.token} />
          <NewAccountFields values={values} errors={form.fields} />
          <NewPasswordField label="Password" name="password" error={form.fields.password} />
          <FormMessage message={form.message} />
          <button type="submit" className="button primary" disabled={form.busy}>
            {form.busy ? 'Creating account…' : 'Create account and log in'}
          </button>
        </form>
      )}
    </AuthFrame>
  );
}
