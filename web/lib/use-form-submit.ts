// Form submission with the shared contract: validates first, then calls the API, and keeps
// the busy state, the field errors and the form-level message the form shows.
import { useState } from 'react';
import type { z } from 'zod';
import type { FieldErrors } from '../../contracts/errors';
import { fieldErrorsFrom } from '../../contracts/field-errors';
import { ApiError } from './http';

/** What a successful submit resolves to: the answer, or `true` when there is none (a 204). */
export type Submitted<T> = T extends undefined | void ? true : T;

export interface FormSubmit<T> {
  busy: boolean;
  fields: FieldErrors;
  message: string | null;
  /** Resolves to the answer on success — `true` for an empty one, so it is never mistaken for a failure — and undefined on failure. */
  submit: (raw: unknown) => Promise<Submitted<T> | undefined>;
}

export function useFormSubmit<S extends z.ZodType, T>(
  schema: S,
  send: (input: z.output<S>) => Promise<T>,
): FormSubmit<T> {
  const [busy, setBusy] = useState(false);
  const [fields, setFields] = useState<FieldErrors>({});
  const [message, setMessage] = useState<string | null>(null);

  async function submit(raw: unknown): Promise<Submitted<T> | undefined> {
    const parsed = schema.safeParse(raw);
    if (!parsed.success) {
      setFields(fieldErrorsFrom(parsed.error));
      setMessage('Please correct the highlighted fields.');
      return undefined;
    }
    setBusy(true);
    setFields({});
    setMessage(null);
    try {
      const answer = await send(parsed.data);
      return (answer === undefined ? true : answer) as Submitted<T>;
    } catch (error) {
      if (error instanceof ApiError) {
        setFields(error.fields);
        setMessage(error.message);
      } else {
        setMessage('Something went wrong; please try again.');
      }
      return undefined;
    } finally {
      setBusy(false);
    }
  }

  return { busy, fields, message, submit };
}

export const formValues = (form: HTMLFormElement): Record<string, string> =>
  Object.fromEntries([...new FormData(form).entries()].map(([k, v]) => [k, typeof v === 'string' ? v : '']));
