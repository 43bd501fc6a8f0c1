// The honeypot (product.md §19): a field named `website` that people never see and so leave empty. A form
// that has one (register; comments and subscribe later) puts `honeypotField` in its input schema and asks
// `caughtByHoneypot`; a filled one is answered as if it had worked, and nothing is made
// (web/components/honeypot-field.tsx draws it).
import { z } from 'zod';
import { HONEYPOT_FIELD } from './robot-check-fields';

export { HONEYPOT_FIELD };

/** The honeypot's entry in a strict input schema: absent, or any text (the body limit bounds it; a rule would tell a bot). */
export const honeypotField = { [HONEYPOT_FIELD]: z.string().optional() } as const;

/** Whether the input filled the field no person sees. */
export const caughtByHoneypot = (input: { [HONEYPOT_FIELD]?: string | undefined }): boolean => (input[HONEYPOT_FIELD] ?? '') !== '';
