import type { FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { LoginInputSchema } from '../../../contracts/users';
import { paths, safeRedirectPath } from '../../lib/paths';
import type { RouteHandle } from '../../lib/route-kit';
import { FormField } from '../../components/form-field';
import { useApi } from '../../lib/api-context';
import { useSessionStore } from '../../lib/session';
import { formValues, useFormSubmit } from '../../lib/use-form-submit';
import { FormMessage } from '../../components/form-message';
import { login } from './api';
import { AuthFrame } from './auth-layout';

export const handle: RouteHandle = { head: () => ({ title: 'Log in', noindex: true }) };

export function Component() {
  const api = useApi();
  const session = useSessionStore();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const redirectTo = safeRedirectPath(params.get('redirect'));
  const form = useFormSubmit(LoginInputSchema, (input) =>
    login(api, input),
  );

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const result = await form.submit(formValues(e.currentTarget));
    if (result) {
      session.setUser(result.user);
      navigate(redirectTo, { replace: true });
    }
  }

  return (
    <AuthFrame title="Log in">
      <form onSubmit={onSubmit} {...form.formProps} aria-busy={form.busy}>
        <FormField label="Username or email" name="login" autoComplete="username" required error={form.fields.login} />
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
      <p>
        New here? <Link to={paths.register(redirectTo === '/' ? undefined : redirectTo)}>Create an account</Link>
      </p>
    </AuthFrame>
  );
}
