// The form the Worker re-rendered after a post before hydration (docs/decisions/028), handed from the boot
// data to the page. Kept apart from form-post.ts so the first load carries the context, not the forms table.
import { createContext, useContext } from 'react';
import { useLocation } from 'react-router-dom';
import type { FormReplay } from '../../contracts/form-posts';

export const FormReplayContext = createContext<FormReplay | null>(null);

/**
 * The Worker's re-rendered form, on the page it was rendered as only: the first location of this page load
 * (React Router's key `default`), so coming back to the page later starts afresh.
 */
export function useFormReplay(): FormReplay | null {
  const replay = useContext(FormReplayContext);
  const { key } = useLocation();
  return replay && key === 'default' ? replay : null;
}
