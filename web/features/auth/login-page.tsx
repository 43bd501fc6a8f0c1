// `/login`: username or email and password; then the page the visitor came for. When the Worker asks this
// new device to confirm with a mailed code (202, contracts/device-verification.ts), the page shows the code
// step instead — also when the Worker re-rendered it after a post before hydration.
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { VerifyDeviceInputSchema } from '../../../contracts/device-verification';
import { LoginInputSchema } from '../../../contracts/users';
import { paths } from '../../lib/paths';
import type { RouteHandle } from '../../lib/route-kit';
import { FormField } from '../../components/form-field';
import { FormMessage } from '../../components/form-message';
import { RegisterLink, useRegistrationOpen } from '../../components/register-link';
import { EMAIL_CHANGE_PARAM, emailChangeNotice } from '../../lib/email-change-notices';
import { useFormReplay } from '../../lib/form-replay';
import { login, verifyDevice } from './api';
import { AuthFrame } from './auth-layout';
import { useSignInForm } from './use-sign-in-form';

export const handle: RouteHandle = { head: () => ({ title: 'Log in', noindex: true }) };

function CredentialsStep({ onCodeSent }: { onCodeSent: (login: string) => void }) {
  const [params] = useSearchParams();
  const { form, onSubmit, passOn, values } = useSignInForm('login', LoginInputSchema, login, {
    onVerification: (typed) => onCodeSent(typed.login ?? ''),
  });
  // A confirmation link opened while signed out confirms the new address and lands here.
  const notice = emailChangeNotice(params.get(EMAIL_CHANGE_PARAM));
  const canRegister = useRegistrationOpen();

  return (
    <>
      {notice ? <FormMessage kind={notice.kind} message={notice.text} /> : null}
      <form {...form.formProps} onSubmit={onSubmit} aria-busy={form.busy}>
        <FormField
          label="Username or email"
          name="login"
          autoComplete="username"
          required
          defaultValue={values.login}
          error={form.fields.login}
        />
        <FormField
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          error={form.fields.password}
        />
        <p className="auth-forgot">
          <Link to={paths.forgotPassword()}>Forgot password?</Link>
        </p>
        <FormMessage message={form.message} />
        <button type="submit" className="button primary" disabled={form.busy}>
          {form.busy ? 'Logging in…' : 'Log in'}
        </button>
      </form>
      {canRegister ? (
        <p>
          New here? <RegisterLink redirect={passOn}>Create an account</RegisterLink>
        </p>
      ) : null}
    </>
  );
}

/** The new-device step: the 6-digit code mailed to the account, sent with the login it was asked for. */
function CodeStep({ login: account, onRestart }: { login: string; onRestart: () => void }) {
  const { form, onSubmit, passOn } = useSignInForm('verify-device', VerifyDeviceInputSchema, verifyDevice);
  return (
    <>
      <form {...form.formProps} onSubmit={onSubmit} aria-busy={form.busy}>
        <p role="status">We sent a code to your email. Enter it to finish logging in on this device.</p>
        <input type="hidden" name="login" value={account} />
        <FormField
          label="Code from the mail"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          required
          hint="6 digits; it works for 15 minutes"
          error={form.fields.code}
        />
        <FormMessage message={form.message} />
        <button type="submit" className="button primary" disabled={form.busy}>
          {form.busy ? 'Checking…' : 'Confirm and log in'}
        </button>
      </form>
      <p>
        {/* Before hydration this is a plain link to the login page; after it, the same without a reload. */}
        <Link to={paths.login(passOn)} onClick={onRestart}>
          Start again
        </Link>
      </p>
    </>
  );
}

export function Component() {
  const replay = useFormReplay();
  // The login a code was asked for: set by a 202 here, or by the Worker's page after a post before hydration.
  const [pending, setPending] = useState<string | null>(replay?.form === 'verify-device' ? (replay.values.login ?? '') : null);

  return (
    <AuthFrame title={pending === null ? 'Log in' : 'Check your email'}>
      {pending === null ? <CredentialsStep onCodeSent={setPending} /> : <CodeStep login={pending} onRestart={() => setPending(null)} />}
    </AuthFrame>
  );
}
