// A form that works before the script does (product.md §13): its `method` and `action` (the API path, from
// the one table in contracts/form-posts.ts), and — on the page the Worker re-rendered after such a post —
// the input it echoed and the API's error, so the form shows them as if it had just failed here.
import { useLocation } from 'react-router-dom';
import type { ErrorCode } from '../../contracts/errors';
import { formAction, showsField, type FormId } from '../../contracts/form-posts';
import { useFormReplay } from './form-replay';
import { apiErrorOf, type ApiError } from './http';

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

export function useFormPost(id: FormId): FormPost {
  const replay = useFormReplay();
  const { search, pathname } = useLocation();
  const mine = replay?.form === id ? replay : null;
  const error = mine?.error;
  return {
    attributes: { method: 'post', action: formAction(id, search, pathname) },
    values: mine?.values ?? {},
    failure: error ? apiErrorOf(error.status, { ...error, code: error.code as ErrorCode }, error.retryAfter ?? null) : null,
    hasField: (name) => showsField(id, name),
  };
}
