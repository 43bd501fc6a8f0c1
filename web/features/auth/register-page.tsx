import type { FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { RegisterInputSchema } from '../../../contracts/users';
import { paths, safeRedirectPath } from '../../lib/paths';
import type { RouteHandle } from '../../lib/route-kit';
import { FormField, NewPasswordField } from '../../components/form-field';
import { useApi } from '../../lib/api-context';
import { useSessionStore } from '../../lib/session';
import { formValues, useFormSubmit } from '../../lib/use-form-submit';
import { FormMessage } from '../../components/form-message';
import { register } from './api';
import { AuthFrame } from './auth-layout';
import { NAME_MAX } from '../../../contracts/limits';
import { USERNAME_MAX } from '../../../contracts/username-rule';

export const handle: RouteHandle = { head: () => ({ title: 'Register', noindex: true }) };

export function Component() {
  const api = useApi();
  const session = useSessionStore();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const redirectTo = safeRedirectPath(params.get('redirect'));
  // The server receives what was typed; the shared schema trims and lower-cases on both sides.
  const form = useFormSubmit(RegisterInputSchema, (input) =>
    register(api, input),
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
    <AuthFrame title="Create your account">
      <form onSubmit={onSubmit} {...form.formProps} aria-busy={form.busy}>
        <FormField label="Name" name="name" autoComplete="name" required maxLength={NAME_MAX} error={form.fields.name} />
        <FormField
          label="Username"
          name="username"
          autoComplete="username"
          required
          maxLength={USERNAME_MAX}
          hint="3–32 letters, digits, _ or -"
          error={form.fields.username}
        />
        <FormField label="Email" name="email" type="email" autoComplete="email" required error={form.fields.email} />
        <NewPasswordField label="Password" name="password" error={form.fields.password} />
        <FormMessage message={form.message} />
        <button type="submit" className="button primary" disabled={form.busy}>
          {form.busy ? 'Creating account…' : 'Create account'}
        </button>
      </form>
      <p>
        Already have an account? <Link to={paths.login(redirectTo === '/' ? undefined : redirectTo)}>Log in</Link>
      </p>
    </AuthFrame>
  );
}
