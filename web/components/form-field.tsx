// One labelled form control — an input, a select, a textarea or a checkbox — with its hint and its error,
// each shown the same way: the label names the control, aria-describedby names the hint and the visible
// error, aria-invalid marks it while the error shows. Every field of every form goes through Field.
// Element ids are named here, not made by useId(): the server renders with React and the browser hydrates
// with Preact, whose useId() differs, and hydration keeps the server's attributes (docs/decisions/011).
import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../contracts/limits';
import { FieldError } from './form-message';

/** What Field hands its control: the id its label names, its name in the form post, and its error state. */
export interface ControlProps {
  id: string;
  name: string | undefined;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

interface FrameProps {
  label: ReactNode;
  /** The control's name in the form post; its id is `field-NAME` unless `id` is given. */
  name?: string;
  id?: string;
  hint?: ReactNode;
  /** The problem with this field, shown under it and announced; none when empty. */
  error?: string | null;
  /** A class for the field's box besides `field` (its own layout). */
  className?: string;
  /** Controls shown in one row with the label (a toolbar's buttons). */
  besideLabel?: ReactNode;
  /** Shown under the error (a preview, a live region). */
  after?: ReactNode;
}

interface FieldProps extends FrameProps {
  /** A checkbox comes before its label; every other control after it. */
  controlFirst?: boolean;
  children: (control: ControlProps) => ReactNode;
}

/** The one field: label, control (drawn by `children` with the props it is given), hint and error. */
export function Field({ label, name, id: givenId, hint, error, className, besideLabel, after, controlFirst = false, children }: FieldProps) {
  const id = givenId ?? `field-${name ?? ''}`;
  const hintId = hint ? `${id}-hint` : null;
  const errorId = error ? `${id}-error` : null;
  const control = children({
    id,
    name,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': [hintId, errorId].filter(Boolean).join(' ') || undefined,
  });
  const labelEl = <label htmlFor={id}>{label}</label>;
  return (
    <div className={className ? `field ${className}` : 'field'}>
      {besideLabel ? (
        <div className="field-label-row">
          {labelEl}
          {besideLabel}
        </div>
      ) : controlFirst ? null : (
        labelEl
      )}
      {controlFirst ? (
        <div className="field-check">
          {control}
          {labelEl}
        </div>
      ) : (
        control
      )}
      {hintId ? (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      ) : null}
      <FieldError id={`${id}-error`} message={error ?? undefined} />
      {after}
    </div>
  );
}

type Own<T> = Omit<T, 'id' | 'name' | 'aria-invalid' | 'aria-describedby'>;

/** A control's props split into the field's frame and the control's own attributes. */
function frameOf<T extends FrameProps>({ label, name, id, hint, error, className, besideLabel, after, ...own }: T) {
  return [{ label, name, id, hint, error, className, besideLabel, after }, own] as const;
}

/** A labelled input (text, email, password, url, datetime-local, search…). */
export function FormField(props: FrameProps & Own<InputHTMLAttributes<HTMLInputElement>>) {
  const [frame, input] = frameOf(props);
  return <Field {...frame}>{(control) => <input {...control} {...input} />}</Field>;
}

/** A labelled select; its options are its children. */
export function SelectField({ children, ...props }: FrameProps & Own<SelectHTMLAttributes<HTMLSelectElement>>) {
  const [frame, select] = frameOf(props);
  return (
    <Field {...frame}>
      {(control) => (
        <select {...control} {...select}>
          {children}
        </select>
      )}
    </Field>
  );
}

/** A labelled textarea. */
export function TextAreaField(props: FrameProps & Own<TextareaHTMLAttributes<HTMLTextAreaElement>>) {
  const [frame, area] = frameOf(props);
  return <Field {...frame}>{(control) => <textarea {...control} {...area} />}</Field>;
}

/** A checkbox with its label after it. */
export function CheckboxField(props: FrameProps & Own<Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>>) {
  const [frame, box] = frameOf(props);
  return (
    <Field {...frame} controlFirst>
      {(control) => <input type="checkbox" {...control} {...box} />}
    </Field>
  );
}

/** A field where someone chooses a password: the one hint and the limits of the password rule. */
export function NewPasswordField(props: Omit<FrameProps, 'hint'> & Own<Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'autoComplete'>>) {
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

/**
 * An error about a group of controls as a whole (a list of rows in a fieldset, one row of a menu), not about one
 * control — those Field shows. The group names it in its aria-describedby (`id`), as Field does for its control.
 */
export function GroupError({ id, message }: { id: string; message: string | undefined }) {
  return <FieldError id={id} message={message} />;
}
