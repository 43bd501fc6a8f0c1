// `/register`: name, username, email and password; signed in at once, then the page the visitor came for.
import { Link } from 'react-router-dom';
import { RegisterInputSchema } from '../../../contracts/users';
import { paths } from '../../lib/paths';
import type { RouteHandle } from '../../lib/route-kit';
import { FormField, NewPasswordField } from '../../components/form-field';
import { FormMessage } from '../../components/form-message';
import { register } from './api';
import { AuthFrame } from './auth-layout';
import { useSignInForm } from './use-sign-in-form';
import { NAME_MAX } from '../../../contracts/limits';
import { USERNAME_MAX, USERNAME_MIN } from '../../../contracts/username-rule';

export const handle: RouteHandle = { head: () => ({ title: 'Register', noindex: true }) };

export function Component() {
  const { form, onSubmit, passOn, values } = useSignInForm('register', RegisterInputSchema, register);

  return (
    <AuthFrame title="Create your account">
      <form {...form.formProps} onSubmit={onSubmit} aria-busy={form.busy}>
        <FormField label="Name" name="name" autoComplete="name" required maxLength={NAME_MAX} defaultValue={values.name} error={form.fields.name} />
        <FormField
          label="Username"
          name="username"
          autoComplete="username"
          required
          maxLength={USERNAME_MAX}
          hint={`${USERNAME_MIN}–${USERNAME_MAX} letters, digits, _ or -`}
          defaultValue={values.username}
          error={form.fields.username}
        />
        <FormField label="Email" name="email" type="email" autoComplete="email" required defaultValue={values.email} error={form.fields.email} />
        <NewPasswordField label="Password" name="password" error={form.fields.password} />
        <FormMessage message={form.message} />
        <button type="submit" className="button primary" disabled={form.busy}>
          {form.busy ? 'Creating account…' : 'Create account'}
        </button>
      </form>
      <p>
        Already have an account? <Link to={paths.login(passOn)}>Log in</Link>
      </p>
    </AuthFrame>
  );
}
