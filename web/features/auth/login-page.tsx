// `/login`: username or email and password; then the page the visitor came for.
import { Link } from 'react-router-dom';
import { LoginInputSchema } from '../../../contracts/users';
import { paths } from '../../lib/paths';
import type { RouteHandle } from '../../lib/route-kit';
import { FormField } from '../../components/form-field';
import { FormMessage } from '../../components/form-message';
import { login } from './api';
import { AuthFrame } from './auth-layout';
import { useSignInForm } from './use-sign-in-form';

export const handle: RouteHandle = { head: () => ({ title: 'Log in', noindex: true }) };

export function Component() {
  const { form, onSubmit, passOn } = useSignInForm(LoginInputSchema, login);

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
        New here? <Link to={paths.register(passOn)}>Create an account</Link>
      </p>
    </AuthFrame>
  );
}
