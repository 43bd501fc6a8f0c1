// The one rule for short single-line text people type (names, titles): no control characters,
// which here includes the bidi embedding, override and isolate controls (U+202A–U+202E,
// U+2066–U+2069) — invisible characters that make text around them read in another order.
import { z } from 'zod';

const BIDI_CONTROLS = '\\u202A-\\u202E\\u2066-\\u2069';
const SINGLE_LINE_FORBIDDEN = new RegExp(`[\\p{Cc}${BIDI_CONTROLS}]`, 'u');
const BIDI_FORBIDDEN = new RegExp(`[${BIDI_CONTROLS}]`, 'u');

/** True when `s` has no control character (Cc) and no bidi control. */
export const isSingleLineText = (s: string): boolean => !SINGLE_LINE_FORBIDDEN.test(s);

/** True when `s` has no bidi control; for multi-line text (bios), where line breaks are fine. */
export const hasNoBidiControls = (s: string): boolean => !BIDI_FORBIDDEN.test(s);

/** A trimmed, required, single-line text field: `label` names it in the messages ("Name", "Title"). */
export const singleLineTextSchema = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`)
    .refine(isSingleLineText, `${label} must not contain control characters`);
