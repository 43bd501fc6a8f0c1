// A labelled input with its error next to it, announced to screen readers.
// Element ids are named here, not made by useId(): the server renders with React and the browser hydrates
// with Preact, whose useId() differs, and hydration keeps the server's attributes (docs/decisions/011).
import type { InputHTMLAttributes } from 'react';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../contracts/limits';
import { FieldError } from './form-message';

/** The id of a field's input, unless it is given one: a page has one field of each name. */
const fieldId = (name: string): string => `field-${name}`;

interface Props extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  name: string;
  error?: string;
  hint?: string;
}

export function FormField({ label, name, error, hint, id: givenId, ...input }: Props) {
  const id = givenId ?? fieldId(name);
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} name={name} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...input} />
      {hint ? (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      ) : null}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/** A field where someone chooses a password: the one hint and the limits of the password rule. */
export function NewPasswordField(props: Omit<Props, 'type' | 'hint' | 'autoComplete'>) {
  return (
    <FormField
      type="password"
      autoComplete="new-password"
      required
      hint={`${PASSWORD_MIN}–${PASSWORD_MAX} characters; not your username or email`}
      {...props}
    />
  );
}
