// The two ways a form reports a problem: one message for the whole form, and one next to a field.

export function FormMessage({ message }: { message: string | null | undefined }) {
  return message ? (
    <p className="form-message" role="alert">
      {message}
    </p>
  ) : null;
}

export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p id={id} className="field-error" role="alert">
      {message}
    </p>
  ) : null;
}
