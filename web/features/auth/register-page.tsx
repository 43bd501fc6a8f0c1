// `/register`: what the registration policy allows (product.md §15). Under `open` and `review` the form —
// name, username, email and password, the honeypot, and Turnstile's widget when the site checks it — signs
// the visitor in at once, then the page they came for; `review` says new accounts are reviewed before
// publishing. Under `invite` and `closed` the page says so, with no form.
import { useState, type FormEvent } from 'react';
import { Link, useLoaderData } from 'react-router-dom';
import { registrationOpen, type RegistrationTerms } from '../../../contracts/registration-policy';
import { RegisterInputSchema } from '../../../contracts/users';
import { paths } from '../../lib/paths';
import type { PageModule, RouteHandle } from '../../lib/route-kit';
import { FormField, NewPasswordField } from '../../components/form-field';
import { FormMessage } from '../../components/form-message';
import { HoneypotField } from '../../components/honeypot-field';
import { TurnstileWidget } from '../../components/turnstile-widget';
import { register } from './api';
import { AuthFrame } from './auth-layout';
import { NewAccountFields } from './new-account-fields';
import { useSignInForm } from './use-sign-in-form';

export const loader: PageModule['loader'] = (_args, { reads }) => reads.registration();

export const handle: RouteHandle = { head: () => ({ title: 'Register', noindex: true }) };

function LogInInstead({ passOn }: { passOn?: string | undefined }) {
  return (
    <p>
      Already have an account? <Link to={paths.login(passOn)}>Log in</Link>
    </p>
  );
}

function RegisterForm({ terms }: { terms: RegistrationTerms }) {
  const { form, onSubmit, passOn, values } = useSignInForm('register', RegisterInputSchema, register);
  // A Turnstile token is good once: after a refused submit the widget is asked for a fresh one.
  const [sent, setSent] = useState(0);
  async function submit(e: FormEvent<HTMLFormElement>) {
    await onSubmit(e);
    setSent((n) => n + 1);
  }

  return (
    <AuthFrame title="Create your account">
      {terms.policy === 'review' ? (
        <p className="muted">New accounts are reviewed before publishing: you write drafts and submit them, and an editor publishes them.</p>
      ) : null}
      <form {...form.formProps} onSubmit={submit} aria-busy={form.busy}>
        <NewAccountFields values={values} errors={form.fields} />
        <FormField label="Email" name="email" type="email" autoComplete="email" required defaultValue={values.email} error={form.fields.email} />
        <NewPasswordField label="Password" name="password" error={form.fields.password} />
        <HoneypotField />
        {terms.turnstileSiteKey ? <TurnstileWidget siteKey={terms.turnstileSiteKey} resets={sent} /> : null}
        <FormMessage message={form.message} />
        <button type="submit" className="button primary" disabled={form.busy}>
          {form.busy ? 'Creating account…' : 'Create account'}
        </button>
      </form>
      <LogInInstead passOn={passOn} />
    </AuthFrame>
  );
}

/** `invite` and `closed`: no form, only what applies. */
function RegistrationUnavailable({ policy }: { policy: RegistrationTerms['policy'] }) {
  const invite = policy === 'invite';
  return (
    <AuthFrame title={invite ? 'This site is invite-only' : 'Registration is closed'}>
      <p>
        {invite
          ? 'New people join through an invitation. If you have one, open the link in its mail.'
          : 'This site is not taking new accounts.'}
      </p>
      <LogInInstead />
    </AuthFrame>
  );
}

export function Component() {
  const terms = useLoaderData() as RegistrationTerms;
  return registrationOpen(terms.policy) ? <RegisterForm terms={terms} /> : <RegistrationUnavailable policy={terms.policy} />;
}
