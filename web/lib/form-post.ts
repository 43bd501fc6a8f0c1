// A form that works before the script does (product.md §13): its `method` and `action` (the API path, from
// the one table in contracts/form-posts.ts), and — on the page the Worker re-rendered after such a post —
// the input it echoed and the API's error, so the form shows them as if it had just failed here.
import { createContext, useContext } from 'react';
import { useLocation } from 'react-router-dom';
import type { ErrorCode } from '../../contracts/errors';
import { formAction, showsField, type FormId, type FormReplay } from '../../contracts/form-posts';
import { apiErrorOf, type ApiError } from './http';

export const FormReplayContext = createContext<FormReplay | null>(null);

export interface FormPost {
  /** Spread on the <form> (useFormSubmit does): a real post to the API path. */
  attributes: { method: 'post'; action: string };
  /** The echoed input (never a password), for the fields' default values. */
  values: Readonly<Record<string, string>>;
  /** The API's answer to the post, shown as this form's failure. */
  failure: ApiError | null;
  /** Whether the form has a field of that name (where its error goes), known before any DOM exists. */
  hasField: (name: string) => boolean;
}

/**
 * The Worker's re-rendered form, on the page it was rendered as only: the first location of this page load
 * (React Router's key `default`), so coming back to the page later starts afresh.
 */
export function useFormReplay(): FormReplay | null {
  const replay = useContext(FormReplayContext);
  const { key } = useLocation();
  return replay && key === 'default' ? replay : null;
}

export function useFormPost(id: FormId): FormPost {
  const replay = useFormReplay();
  const { search } = useLocation();
  const mine = replay?.form === id ? replay : null;
  const error = mine?.error;
  return {
    attributes: { method: 'post', action: formAction(id, search) },
    values: mine?.values ?? {},
    failure: error ? apiErrorOf(error.status, { ...error, code: error.code as ErrorCode }, error.retryAfter ?? null) : null,
    hasField: (name) => showsField(id, name),
  };
}
