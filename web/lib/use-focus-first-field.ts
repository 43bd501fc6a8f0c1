// Focus on a form's first field once it appears (a panel opened by a button). Not `autoFocus`: Preact, the
// browser's React (docs/decisions/011), only sets the attribute, which browsers honour at page load and not
// for an element added later.
import { useEffect, type RefObject } from 'react';

export function useFocusFirstField(form: RefObject<HTMLFormElement | null>): void {
  useEffect(() => {
    form.current?.querySelector<HTMLElement>('input, select, textarea')?.focus();
  }, [form]);
}
