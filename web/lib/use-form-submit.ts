// How every form reports on itself: field errors next to their fields, one short message beside the
// buttons, a field's error gone as soon as that field is edited, and focus on the first field in error
// after a failed submit. `useFormFeedback` is the state and behaviour; `useFormSubmit` adds the shared
// contract and the API call on top of it, and — given the form's post (form-post.ts) — makes it a real
// `<form method="post">` that shows the Worker's answer when it was sent before hydration.
import { useEffect, useRef, useState, type FormEvent, type RefObject } from 'react';
import type { z } from 'zod';
import type { FieldErrors } from '../../contracts/errors';
import { fieldErrorsFrom } from '../../contracts/field-errors';
import type { FormPost } from './form-post';
import { ApiError } from './http';

export interface Feedback {
  kind: 'error' | 'ok';
  text: string;
}

/** Spread on the <form>: it lets the hook see edits (to clear their errors) and find the fields in error. */
export interface FormProps {
  ref: RefObject<HTMLFormElement | null>;
  onInput: (e: FormEvent<HTMLFormElement>) => void;
  noValidate: true;
  /** A form that also works before hydration posts to its API path (form-post.ts). */
  method?: 'post';
  action?: string;
}

export interface FormFeedback {
  fields: FieldErrors;
  feedback: Feedback | null;
  formProps: FormProps;
  /** Shows the errors: each named field's at the field, the rest (or `message`) beside the buttons; focuses the first. */
  fail: (fields: FieldErrors, message: string) => void;
  /** An error from the API (its fields, or its message) or anything else thrown while sending. */
  failWith: (error: unknown) => void;
  succeed: (text: string) => void;
  /** Sets (or, with null, clears) one field's error, e.g. after an upload. */
  setFieldError: (name: string, message: string | null) => void;
  reset: () => void;
}

const SUMMARY = (n: number) => (n === 1 ? 'Please correct the highlighted field.' : 'Please correct the highlighted fields.');
const UNEXPECTED = 'Something went wrong; please try again.';

/** True when the form shows a control named `name` (where that field's error is shown; a hidden input is no place). */
function hasField(form: HTMLFormElement | null, name: string): boolean {
  const control = form?.elements.namedItem(name);
  return Boolean(control) && !(control instanceof HTMLInputElement && control.type === 'hidden');
}

type ShownFeedback = Feedback & { summary?: boolean };

/** What a failure shows: each named field's error at the field it has, the rest (or `message`) beside the buttons. */
function failureShown(next: FieldErrors, message: string, hasField: (name: string) => boolean): ShownFeedback {
  const named = Object.keys(next).filter((k) => next[k]);
  // A message shown at its field is not repeated beside the buttons; one with no field to sit at is.
  const elsewhere = named.filter((k) => !hasField(k));
  const shown = named.length - elsewhere.length;
  const text = elsewhere.length > 0 ? elsewhere.map((k) => next[k]).join(' ') : shown > 0 ? SUMMARY(shown) : message;
  return { kind: 'error', text, summary: elsewhere.length === 0 && shown > 0 };
}

/**
 * `initial`: a message carried over from the page before (e.g. "Draft saved." after a new post's first save).
 * `post`: the form's post before hydration (form-post.ts): its method and action, and its failure shown from
 * the first render when the Worker re-rendered the form.
 */
export function useFormFeedback(initial: Feedback | null = null, post: FormPost | null = null): FormFeedback {
  const ref = useRef<HTMLFormElement>(null);
  const failed = post?.failure ?? null;
  const [fields, setFields] = useState<FieldErrors>(failed?.fields ?? {});
  const [feedback, setFeedback] = useState<ShownFeedback | null>(() =>
    failed && post ? failureShown(failed.fields, failed.message, post.hasField) : initial,
  );
  const [failures, setFailures] = useState(0);

  useEffect(() => {
    if (failures === 0) return;
    const form = ref.current;
    const target = form?.querySelector<HTMLElement>('[aria-invalid="true"]') ?? form?.querySelector<HTMLElement>('[data-form-message]');
    target?.focus();
  }, [failures]);

  function fail(next: FieldErrors, message: string) {
    setFields(next);
    setFeedback(failureShown(next, message, (name) => hasField(ref.current, name)));
    setFailures((n) => n + 1);
  }

  function failWith(error: unknown) {
    if (error instanceof ApiError) fail(error.fields, error.message);
    else fail({}, UNEXPECTED);
  }

  function onInput(e: FormEvent<HTMLFormElement>) {
    const name = (e.target as { name?: unknown }).name;
    // A success message is stale once the form changes again; a field's error once that field does.
    setFeedback((f) => (f?.kind === 'ok' ? null : f));
    if (typeof name !== 'string' || name === '' || !fields[name]) return;
    const { [name]: _edited, ...rest } = fields;
    setFields(rest);
    if (Object.values(rest).every((v) => !v)) setFeedback((f) => (f?.summary ? null : f));
  }

  function setFieldError(name: string, message: string | null) {
    setFields(({ [name]: _old, ...rest }) => (message ? { ...rest, [name]: message } : rest));
    if (message) setFailures((n) => n + 1);
  }

  function reset() {
    setFields({});
    setFeedback(null);
  }

  return {
    fields,
    feedback: feedback ? { kind: feedback.kind, text: feedback.text } : null,
    formProps: { ref, onInput, noValidate: true, ...post?.attributes },
    fail,
    failWith,
    succeed: (text) => {
      setFields({});
      setFeedback({ kind: 'ok', text });
    },
    setFieldError,
    reset,
  };
}

/** What a successful submit resolves to: the answer, or `true` when there is none (a 204). */
export type Submitted<T> = T extends undefined | void ? true : T;

export interface FormSubmit<T> {
  busy: boolean;
  fields: FieldErrors;
  /** The form-level error, if any (shown by FormMessage beside the buttons). */
  message: string | null;
  formProps: FormProps;
  /** Resolves to the answer on success — `true` for an empty one, so it is never mistaken for a failure — and undefined on failure. */
  submit: (raw: unknown) => Promise<Submitted<T> | undefined>;
}

/** `post`: the form's post before hydration (useFormPost), for a form that must work without the script. */
export function useFormSubmit<S extends z.ZodType, T>(
  schema: S,
  send: (input: z.output<S>) => Promise<T>,
  post: FormPost | null = null,
): FormSubmit<T> {
  return useCheckedSubmit((raw) => schema.safeParse(raw), send, post);
}

/**
 * For a form on a reader's page: no schema library in its bundle (the zod chunk alone is 25 KB gzipped). The
 * browser's own `required`/`maxLength` and the Worker's 422, whose `fields` show under each field, do the checking.
 */
export function useServerCheckedSubmit<I, T>(send: (input: I) => Promise<T>, post: FormPost | null = null): FormSubmit<T> {
  return useCheckedSubmit((raw) => ({ success: true, data: raw as I }), send, post);
}

type Checked<I> = { success: true; data: I } | { success: false; error: z.ZodError };

function useCheckedSubmit<I, T>(check: (raw: unknown) => Checked<I>, send: (input: I) => Promise<T>, post: FormPost | null): FormSubmit<T> {
  const [busy, setBusy] = useState(false);
  const form = useFormFeedback(null, post);

  async function submit(raw: unknown): Promise<Submitted<T> | undefined> {
    const parsed = check(raw);
    if (!parsed.success) {
      form.fail(fieldErrorsFrom(parsed.error), SUMMARY(2));
      return undefined;
    }
    setBusy(true);
    form.reset();
    try {
      const answer = await send(parsed.data);
      return (answer === undefined ? true : answer) as Submitted<T>;
    } catch (error) {
      form.failWith(error);
      return undefined;
    } finally {
      setBusy(false);
    }
  }

  return {
    busy,
    fields: form.fields,
    message: form.feedback?.kind === 'error' ? form.feedback.text : null,
    formProps: form.formProps,
    submit,
  };
}

export const formValues = (form: HTMLFormElement): Record<string, string> =>
  Object.fromEntries([...new FormData(form).entries()].map(([k, v]) => [k, typeof v === 'string' ? v : '']));
