// The name and username a new account chooses: the same two fields, rules and hints on the register page and
// the invite page.
import { NAME_MAX } from '../../../contracts/limits';
import { USERNAME_MAX, USERNAME_MIN } from '../../../contracts/username-rule';
import { FormField } from '../../components/form-field';

interface NewAccountFieldsProps {
  /** What the form held when it came back (a form post answered with its page again). */
  values: { name?: string; username?: string };
  errors: { name?: string; username?: string };
}

export function NewAccountFields({ values, errors }: NewAccountFieldsProps) {
  return (
    <>
      <FormField label="Name" name="name" autoComplete="name" required maxLength={NAME_MAX} defaultValue={values.name} error={errors.name} />
      <FormField
        label="Username"
        name="username"
        autoComplete="username"
        required
        maxLength={USERNAME_MAX}
        hint={`${USERNAME_MIN}–${USERNAME_MAX} letters, digits, _ or -`}
        defaultValue={values.username}
        error={errors.username}
      />
    </>
  );
}
