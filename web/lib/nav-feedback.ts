// A result message carried to the next page in the router's location state, e.g. "“X” was deleted." after
// a delete sends the user back to a list: the page that did the work navigates, the next one shows it.
import { useLocation } from 'react-router-dom';
import type { Feedback } from './use-form-submit';

export interface NavFeedbackState {
  feedback: Feedback;
}

export const withFeedback = (feedback: Feedback): NavFeedbackState => ({ feedback });

/** The message the previous page left for this one, if any. */
export function useNavFeedback(): Feedback | null {
  const state: unknown = useLocation().state;
  if (state && typeof state === 'object' && 'feedback' in state) {
    const f = (state as { feedback: unknown }).feedback as Partial<Feedback> | null;
    if (f && (f.kind === 'ok' || f.kind === 'error') && typeof f.text === 'string') return { kind: f.kind, text: f.text };
  }
  return null;
}
