// `/forgot-password`: asks for a reset link by email. The answer is the same whether or not the address
// has an account, so the page says the same either way — also at `?sent=1`, where the form posted before
// hydration lands.
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { PASSWORD_RESET_ACCEPTED, PasswordResetRequestSchema } from '../../../contracts/password-reset';
import { paths } from '../../lib/paths';
import type { RouteHandle } from '../../lib/route-kit';
import { FormField } from '../../components/form-field';
import { FormMessage } from '../../components/form-message';
import { useApi } from '../../lib/api-context';
import { useFormPost } from '../../lib/form-post';
import { formValues, useFormSubmit } from '../../lib/use-form-submit';
import { requestPasswordReset } from './api';
import { AuthFrame } from './auth-layout';

export const handle: RouteHandle = { head: () => ({ title: 'Forgot password', noindex: true }) };

export function Component() {
  const api = useApi();
  const [params] = useSearchParams();
  const [sent, setSent] = useState<string | null>(params.has('sent') ? PASSWORD_RESET_ACCEPTED.message : null);
  const post = useFormPost('forgot-password');
  const form = useFormSubmit(PasswordResetRequestSchema, (input) => requestPasswordReset(api, input), post);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const result = await form.submit(formValues(e.currentTarget));
    if (result) setSent(result.message);
  }

  return (
    <AuthFrame title="Forgot password">
      {sent ? (
        <FormMessage kind="ok" message={sent} />
      ) : (
        <form {...form.formProps} onSubmit={onSubmit} aria-busy={form.busy}>
          <p>Enter the email address of your account and we will mail you a link to choose a new password.</p>
          <FormField
            label="Email"
            name="email"
            type="email"
            autoComplete="email"
            required
            defaultValue={post.values.email}
            error={form.fields.email}
          />
          <FormMessage message={form.message} />
          <button type="submit" className="button primary" disabled={form.busy}>
            {form.busy ? 'Sending…' : 'Send reset link'}
          </button>
        </form>
      )}
      <p>
        Remembered it? <Link to={paths.login()}>Log in</Link>
      </p>
    </AuthFrame>
  );
}
